// The booking widget: project branding, a date, free slots, a table, a small form, the result.
// Plain DOM over the static markup in index.html.
import {
  type Api,
  ApiError,
  type AvailabilityDay,
  type CreatedReservation,
  type ProjectInfo,
  type Table,
} from './api';
import { type LocalNow, localNow, nextOpenDay } from './dates';

export interface WidgetOptions {
  api: Api;
  /** Epoch ms of "now"; fixed in tests, the real clock otherwise. */
  now: () => number;
}

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`#${id} is missing from index.html`);
  return element;
}

/** The message a guest sees for a failed booking. */
export function bookingErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong — please try again.';
  switch (error.code) {
    case 'DOUBLE_BOOKING':
      return 'This slot was just taken — pick another';
    case 'OUTSIDE_OPENING_HOURS':
      return 'That time is outside opening hours — pick another';
    case 'CUSTOMER_BLACKLISTED':
      return 'We cannot take this booking online — please contact us.';
    case 'RATE_LIMITED':
      return 'Too many requests — please try again in a moment.';
  }
  if (error.status === 400) {
    const details = error.body?.details?.map((d) => `${d.field}: ${d.message}`).join('; ');
    return `Please check the form: ${details || error.message}`;
  }
  if (error.status === 0) return 'The reservation service cannot be reached — please try again.';
  return `Booking failed: ${error.message}`;
}

export async function mountWidget({ api, now }: WidgetOptions): Promise<void> {
  const root = byId('widget', HTMLElement);
  const form = byId('booking-form', HTMLFormElement);
  const projectName = byId('project-name', HTMLHeadingElement);
  const projectAddress = byId('project-address', HTMLParagraphElement);
  const dateInput = byId('date', HTMLInputElement);
  const guestsInput = byId('guests', HTMLInputElement);
  const dayStatus = byId('day-status', HTMLParagraphElement);
  const slotList = byId('slots', HTMLDivElement);
  const tableSelect = byId('table', HTMLSelectElement);
  const nameInput = byId('name', HTMLInputElement);
  const emailInput = byId('email', HTMLInputElement);
  const phoneRow = byId('phone-row', HTMLDivElement);
  const phoneInput = byId('phone', HTMLInputElement);
  const bookButton = byId('book', HTMLButtonElement);
  const errorBox = byId('error', HTMLDivElement);
  const confirmation = byId('confirmation', HTMLDivElement);

  let tables: Table[] = [];
  let day: AvailabilityDay | undefined;
  let selectedSlot: string | undefined;
  let availabilityRequest = 0;

  const showError = (message: string) => {
    errorBox.textContent = message;
  };
  const clearMessages = () => {
    errorBox.textContent = '';
    confirmation.replaceChildren();
  };

  function applyBranding(project: ProjectInfo) {
    const style = document.documentElement.style;
    style.setProperty('--primary', project.branding.primary);
    style.setProperty('--secondary', project.branding.secondary);
    style.setProperty('--accent', project.branding.accent);
    style.setProperty('--border', project.branding.border);
    // The brand font if the visitor has it, else the system font.
    if (project.settings.fontFamily)
      style.setProperty('--font', `${project.settings.fontFamily}, system-ui, sans-serif`);
    projectName.textContent = project.project.name;
    projectAddress.textContent = project.project.address ?? '';
    document.title = `Book a table — ${project.project.name}`;
  }

  function renderTables() {
    const guests = Number(guestsInput.value) || 1;
    const previous = tableSelect.value;
    const fitting = tables.filter((t) => t.capacity >= guests);
    const placeholder = new Option(fitting.length ? 'Choose a table' : 'No table for that many guests', '');
    tableSelect.replaceChildren(
      placeholder,
      ...fitting.map((t) => new Option(`${t.name} · up to ${t.capacity}`, t.id)),
    );
    tableSelect.value = fitting.some((t) => t.id === previous) ? previous : '';
  }

  function renderSlots() {
    slotList.replaceChildren();
    if (!day) return;
    if (!day.isOpen) {
      dayStatus.textContent = `Closed — ${day.reason ?? 'Closed'}`;
      selectedSlot = undefined;
      return;
    }
    const hours = day.openingHours;
    const open = hours ? `Open ${hours.open}–${hours.close}` : 'Open';
    const pause = hours?.breakStart ? `, break ${hours.breakStart}–${hours.breakEnd}` : '';
    const free = day.slots.filter((s) => s.available).length;
    dayStatus.textContent = `${open}${pause}. ${free ? `${free} free times.` : 'Fully booked.'}`;
    if (!day.slots.some((s) => s.available && s.from === selectedSlot)) selectedSlot = undefined;
    for (const slot of day.slots) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'slot';
      button.textContent = slot.from;
      button.disabled = !slot.available;
      button.dataset.testid = `slot-${slot.from}`;
      button.setAttribute('aria-pressed', String(slot.from === selectedSlot));
      button.setAttribute('aria-label', `${slot.from} to ${slot.to}${slot.available ? '' : ' (taken)'}`);
      button.addEventListener('click', () => {
        selectedSlot = slot.from;
        for (const other of slotList.querySelectorAll('button')) {
          other.setAttribute('aria-pressed', String(other === button));
        }
      });
      slotList.append(button);
    }
  }

  async function loadAvailability() {
    const request = ++availabilityRequest;
    const date = dateInput.value;
    slotList.setAttribute('aria-busy', 'true');
    try {
      if (!date) {
        day = undefined;
        dayStatus.textContent = 'Pick a date.';
        renderSlots();
        return;
      }
      const result = await api.availability(date);
      if (request !== availabilityRequest) return; // a newer date was picked meanwhile
      day = result;
      renderSlots();
    } catch (error) {
      if (request !== availabilityRequest) return;
      day = undefined;
      renderSlots();
      dayStatus.textContent = '';
      showError(error instanceof ApiError ? `Cannot load free times: ${error.message}` : String(error));
    } finally {
      if (request === availabilityRequest) slotList.removeAttribute('aria-busy');
    }
  }

  function showConfirmation(reservation: CreatedReservation) {
    const strong = (text: string, testid?: string) => {
      const element = document.createElement('strong');
      element.textContent = text;
      if (testid) element.dataset.testid = testid;
      return element;
    };
    confirmation.replaceChildren(
      'Booked! Reservation ',
      strong(reservation.id, 'reservation-id'),
      ' on ',
      strong(reservation.date),
      ' at ',
      strong(`${reservation.from}–${reservation.to}`),
      ', status ',
      strong(reservation.status, 'reservation-status'),
      '.',
    );
  }

  async function book() {
    clearMessages();
    const slot = day?.slots.find((s) => s.from === selectedSlot);
    if (!day || !slot) return showError('Pick a time first.');
    if (!tableSelect.value) return showError('Pick a table.');
    const [firstName, ...rest] = nameInput.value.trim().split(/\s+/);
    bookButton.disabled = true;
    try {
      const created = await api.createReservation({
        email: emailInput.value.trim(),
        date: day.date,
        from: slot.from,
        to: slot.to,
        guests: Number(guestsInput.value) || 1,
        tableId: tableSelect.value,
        ...(firstName ? { firstName } : {}),
        ...(rest.length ? { lastName: rest.join(' ') } : {}),
        ...(phoneInput.value.trim() ? { phone: phoneInput.value.trim() } : {}),
      });
      selectedSlot = undefined;
      showConfirmation(created.reservation);
    } catch (error) {
      showError(bookingErrorMessage(error));
    } finally {
      bookButton.disabled = false;
      await loadAvailability();
    }
  }

  try {
    const [info, schedule, tableList] = await Promise.all([api.info(), api.schedule(), api.tables()]);
    tables = tableList.tables;
    applyBranding(info);
    phoneRow.hidden = !info.settings.requirePhone;
    phoneInput.required = info.settings.requirePhone;
    const maxGuests = Math.max(1, ...tables.map((t) => t.capacity));
    guestsInput.max = String(maxGuests);
    renderTables();

    const today: LocalNow = localNow(now(), info.settings.timeZone);
    dateInput.min = today.date;
    dateInput.value = nextOpenDay(schedule, today) ?? today.date;
    await loadAvailability();
  } catch (error) {
    showError(
      error instanceof ApiError ? `Cannot reach the reservation service: ${error.message}` : String(error),
    );
    return;
  }

  dateInput.addEventListener('change', () => {
    clearMessages();
    void loadAvailability();
  });
  guestsInput.addEventListener('input', renderTables);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void book();
  });
  root.dataset.ready = 'true';
  root.removeAttribute('aria-busy');
}
