// The front end under test: reads the API's base URL from ?api=, shows the free slots of the day the
// API says is today (the project's info carries no date, so the page asks for ?date= or today's).
const params = new URLSearchParams(location.search);
const api = params.get('api') ?? 'http://127.0.0.1:4010';
const date = params.get('date') ?? new Date().toISOString().slice(0, 10);
const status = document.getElementById('status');
const list = document.getElementById('slots');

document.getElementById('load').addEventListener('click', async () => {
  status.textContent = 'Loading…';
  list.replaceChildren();
  try {
    const response = await fetch(`${api}/api/v1/demo-bistro/availability?date=${date}`, {
      headers: { 'X-API-Key': 'rk_demo_read' },
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      status.textContent =
        response.status === 503
          ? 'The booking service is down, try again later'
          : `Something went wrong (${response.status} ${body.code ?? ''})`;
      return;
    }
    const { slots } = await response.json();
    const free = slots.filter((slot) => slot.available);
    status.textContent = `${free.length} free slots on ${date}`;
    for (const slot of free) {
      const item = document.createElement('li');
      item.textContent = `${slot.from}–${slot.to}`;
      list.append(item);
    }
  } catch {
    status.textContent = 'No connection to the booking service';
  }
});
