// Records → the contract's shapes. Typed with the types generated from openapi.yaml, so a contract
// change that the mock does not follow breaks the build here.
import type { components } from '../contract';
import type {
  BranchRecord,
  HistoryEntryRecord,
  PhotoRecord,
  ProjectRecord,
  ReservationRecord,
  ReviewRecord,
  ServiceRecord,
  TableRecord,
} from './records';
import type { Store } from './store';

type Schemas = components['schemas'];

export function reservationView(store: Store, reservation: ReservationRecord): Schemas['Reservation'] {
  const customer = store.customers.get(reservation.customerId);
  if (!customer) throw new Error(`Reservation ${reservation.id} has no customer ${reservation.customerId}`);
  const table = reservation.tableId === null ? undefined : store.tables.get(reservation.tableId);
  return {
    id: reservation.id,
    date: reservation.date,
    from: reservation.from,
    to: reservation.to,
    status: reservation.status,
    guests: reservation.guests,
    note: reservation.note,
    customer: {
      id: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
    },
    services: reservation.services.map(({ id, name, duration, price }) => ({ id, name, duration, price })),
    table: table ? { id: table.id, name: table.name, capacity: table.capacity } : null,
    createdAt: reservation.createdAt,
  };
}

function historyEntryView(entry: HistoryEntryRecord): Schemas['StatusHistoryEntry'] {
  return {
    status: entry.status,
    changedBy: entry.changedBy,
    action: entry.action,
    changedAt: entry.changedAt,
    // Absent (not null) when none was given, as the contract says.
    ...(entry.note === null ? {} : { note: entry.note }),
    ...(entry.reason === null ? {} : { reason: entry.reason }),
  };
}

export function reservationDetailView(
  store: Store,
  reservation: ReservationRecord,
): Schemas['ReservationDetail'] {
  return {
    ...reservationView(store, reservation),
    statusHistory: reservation.statusHistory.map(historyEntryView),
  };
}

export function tableView(table: TableRecord): Schemas['Table'] {
  return {
    id: table.id,
    name: table.name,
    label: table.label,
    capacity: table.capacity,
    branchId: table.branchId,
    zoneId: table.zoneId,
    position: table.position,
    visualX: table.visualX,
    visualY: table.visualY,
    visualWidth: table.visualWidth,
    visualHeight: table.visualHeight,
    visualRotation: table.visualRotation,
    visualShape: table.visualShape,
  };
}

export function serviceView(service: ServiceRecord): Schemas['Service'] {
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    duration: service.duration,
    price: service.price,
    currency: service.currency,
    branchId: service.branchId,
    isActive: service.isActive,
  };
}

export function photoView(photo: PhotoRecord): Schemas['Photo'] {
  return {
    id: photo.id,
    imageUrl: photo.imageUrl,
    title: photo.title,
    description: photo.description,
    displayOrder: photo.displayOrder,
    createdAt: photo.createdAt,
  };
}

export function reviewView(review: ReviewRecord): Schemas['Review'] {
  return {
    id: review.id,
    customerName: review.customerName,
    rating: review.rating,
    comment: review.comment,
    businessReply: review.businessReply,
    repliedAt: review.repliedAt,
    createdAt: review.createdAt,
  };
}

export function projectInfoView(
  project: ProjectRecord,
  branches: readonly BranchRecord[],
): Schemas['ProjectInfo'] {
  const { settings } = project;
  return {
    project: {
      id: project.id,
      name: project.name,
      slug: project.slug,
      logoUrl: project.logoUrl,
      address: project.address,
      contactEmail: project.contactEmail,
      contactPhone: project.contactPhone,
      isActive: project.isActive,
    },
    settings: {
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      accentColor: settings.accentColor,
      borderColor: settings.borderColor,
      fontFamily: settings.fontFamily,
      branches: branches.map((b) => ({ id: b.id, name: b.name, address: b.address })),
      socialLinks: { ...settings.socialLinks },
      defaultView: settings.defaultView,
      showPrices: settings.showPrices,
      allowNotes: settings.allowNotes,
      requirePhone: settings.requirePhone,
      timeZone: project.timeZone,
    },
    branding: {
      primary: settings.primaryColor,
      secondary: settings.secondaryColor,
      accent: settings.accentColor,
      border: settings.borderColor,
    },
  };
}
