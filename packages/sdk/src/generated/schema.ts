/**
 * DO NOT EDIT. Generated from openapi.yaml by packages/sdk/scripts/generate.mjs (openapi-typescript).
 * Change openapi.yaml and run `pnpm generate`; CI fails when this file drifts from the spec.
 */

export interface paths {
    "/api/v1/{slug}/reservations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List reservations
         * @description **Permission: Read** (`x-permission: read`). Without it: 403 PERMISSION_DENIED
         *     `API key does not have read permission`.
         *
         *     Returns the project's reservations (without `statusHistory`), filtered by the query parameters.
         *     `date` and `from`/`to` may be combined; `from` and `to` are inclusive dates.
         *
         *     **Order:** `date`, then `from`, then `createdAt`, ascending.
         *
         *     **Paging:** `count` is the number of records in this response, `total` the number of all matching
         *     records. A client pages by increasing `offset` by the number of records received until the
         *     records collected reach `total`. A `limit` above 100, of any size (also beyond 2^53), is clamped
         *     to 100, never rejected; `limit` < 1 or `offset` < 0 is 400 VALIDATION_ERROR. An `offset` at or
         *     beyond `total` (of any size) returns an empty page with the right `total`.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 403 PERMISSION_DENIED,
         *     400 VALIDATION_ERROR (bad date, unknown `status`, unknown `branchId`, bad `limit`/`offset`).
         */
        get: operations["listReservations"];
        put?: never;
        /**
         * Create a reservation
         * @description **Permission: Write** (`x-permission: write`). Without it: 403 PERMISSION_DENIED
         *     `API key does not have write permission`.
         *
         *     Creates a reservation in status **PENDING**, writes a status history entry (action `created`,
         *     changedBy `system`) and sends the `reservation.created` webhook.
         *
         *     - **Required fields:** `email`, `date`, `from`, `to`, and `phone` when the project setting
         *       `requirePhone` is true. If any is missing the answer is 400 without a `code` and with the message
         *       `Missing required fields: ` followed by exactly the missing ones in the order email, date, from,
         *       to, phone (e.g. `Missing required fields: email, date, from, to`).
         *     - `guests` defaults to **1** when omitted; it must be a positive integer and not above the chosen
         *       table's capacity (otherwise 400 VALIDATION_ERROR).
         *     - Unknown `tableId`, `serviceIds` entry or `branchId`, a bad date or `HH:MM` time, `from` not before
         *       `to`, or a bad e-mail is 400 VALIDATION_ERROR. With `branchId`, a `tableId` of another branch is
         *       400 VALIDATION_ERROR too (`table is not in branch …`; a table without a branch serves every
         *       branch); `serviceIds` are not checked against the branch. `to` may be `24:00` (the end of the day); `from`
         *       may not.
         *     - **Customer upsert:** the customer is found by e-mail (case-insensitive) within the project, or
         *       created; given `firstName`, `lastName` and `phone` update it.
         *     - **Blacklist:** a blacklisted customer (e-mail case-insensitive, or phone) gets 403
         *       CUSTOMER_BLACKLISTED `Customer is blacklisted`.
         *     - **Opening hours:** the whole `[from, to)` interval must lie within the opening hours of that day
         *       (project local time), not across the break, not on a closed day or a closed holiday, and must
         *       not overlap a local time that does not exist that day (the spring-forward hour of daylight
         *       saving time); otherwise 422 OUTSIDE_OPENING_HOURS. In the autumn hour that occurs twice, a
         *       wall-clock time means its first occurrence.
         *     - **Past:** a reservation whose start (`date` and `from`, project local time) is before the
         *       service's current time is 422 RESERVATION_IN_PAST `The requested time is in the past`; it is
         *       checked right after the opening hours (after the blacklist, before 409).
         *     - **Double booking:** only when `tableId` is given (a booking without one is never refused for an
         *       overlap, even where availability shows the slot taken, as in a branch without tables, whose one
         *       implicit place counts for availability only). Two reservations overlap when their `[from, to)`
         *       intervals on the same date intersect; touching ends (10:00–11:00 and 11:00–12:00) do not overlap.
         *       Only active reservations (PENDING, CONFIRMED) count. An overlap is 409 DOUBLE_BOOKING. Concurrent
         *       creations for the same table and time give exactly one 201; all others get 409.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 403 PERMISSION_DENIED,
         *     415 UNSUPPORTED_MEDIA_TYPE, 413 PAYLOAD_TOO_LARGE, 400 (INVALID_JSON, missing required fields,
         *     VALIDATION_ERROR), 403 CUSTOMER_BLACKLISTED, 422 OUTSIDE_OPENING_HOURS, 422 RESERVATION_IN_PAST,
         *     409 DOUBLE_BOOKING. A rejected request creates nothing and sends no event.
         */
        post: operations["createReservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/reservations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
                /**
                 * @description Reservation id. An unknown id, or the id of another project's reservation, is 404 RESERVATION_NOT_FOUND.
                 * @example res_k3m9x2p7
                 */
                id: components["parameters"]["ReservationId"];
            };
            cookie?: never;
        };
        /**
         * Get a reservation
         * @description **Permission: Read** (`x-permission: read`). Without it: 403 PERMISSION_DENIED
         *     `API key does not have read permission`.
         *
         *     Returns one reservation including its `statusHistory` (oldest entry first; entries are in time
         *     order and never later than the service's current time, seeded ones included). History actions are
         *     `created`, `confirmed`, `cancelled`, `completed`, `no_show`; `changedBy` is `system` for creation
         *     through the API and the acting API key's id (`key_…`) for changes through the API.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 403 PERMISSION_DENIED,
         *     404 RESERVATION_NOT_FOUND (unknown id, or a reservation of another project).
         */
        get: operations["getReservation"];
        put?: never;
        post?: never;
        /**
         * Cancel a reservation
         * @description **Permission: Delete** (`x-permission: delete`). Without it: 403 PERMISSION_DENIED
         *     `API key does not have delete permission`.
         *
         *     Cancels the reservation: moves **PENDING or CONFIRMED to CANCELLED** with the optional `reason`,
         *     writes a status history entry (action `cancelled`, changedBy = the API key's id `key_…`, `reason`)
         *     and sends `reservation.cancelled` (`cancelledBy` = the key id, `reason` = the given reason, or
         *     an empty string without one). The reservation is not removed. DELETE from a final state (CANCELLED, COMPLETED, NO_SHOW) is
         *     409 INVALID_STATUS_TRANSITION `Cannot change status from <current> to CANCELLED`.
         *
         *     The JSON body is optional; when present it must be sent as `application/json`, uncompressed
         *     (else 415 UNSUPPORTED_MEDIA_TYPE), must be a JSON object (else 400 INVALID_JSON) and `reason` must be a
         *     string (else 400 VALIDATION_ERROR).
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 403 PERMISSION_DENIED,
         *     415 UNSUPPORTED_MEDIA_TYPE, 413 PAYLOAD_TOO_LARGE, 400 (INVALID_JSON, VALIDATION_ERROR),
         *     404 RESERVATION_NOT_FOUND, 409 INVALID_STATUS_TRANSITION. A rejected request changes nothing and
         *     sends no event.
         */
        delete: operations["cancelReservation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/reservations/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
                /**
                 * @description Reservation id. An unknown id, or the id of another project's reservation, is 404 RESERVATION_NOT_FOUND.
                 * @example res_k3m9x2p7
                 */
                id: components["parameters"]["ReservationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a reservation's status
         * @description **Permission: Write** (`x-permission: write`). Without it: 403 PERMISSION_DENIED
         *     `API key does not have write permission`.
         *
         *     Allowed transitions (all others, including a PATCH to the current status, are 409
         *     INVALID_STATUS_TRANSITION `Cannot change status from X to Y`):
         *
         *     | From | To | Event |
         *     |---|---|---|
         *     | PENDING | CONFIRMED | `reservation.confirmed` (`confirmedBy` = key id) |
         *     | PENDING | CANCELLED | `reservation.cancelled` (`cancelledBy` = key id, `reason`: the given one, or an empty string) |
         *     | CONFIRMED | COMPLETED | `reservation.completed` |
         *     | CONFIRMED | CANCELLED | `reservation.cancelled` |
         *     | CONFIRMED | NO_SHOW | none (NO_SHOW sends no event) |
         *
         *     COMPLETED, CANCELLED and NO_SHOW are final. Each transition writes a status history entry (action
         *     `confirmed`, `cancelled`, `completed` or `no_show`; changedBy = the API key's id `key_…`) carrying
         *     the optional `note`, and `reason` for CANCELLED. An unknown `status` value is 400 VALIDATION_ERROR.
         *     Status history entries are in time order and never later than the service's current time.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 403 PERMISSION_DENIED,
         *     415 UNSUPPORTED_MEDIA_TYPE, 413 PAYLOAD_TOO_LARGE, 400 (INVALID_JSON, VALIDATION_ERROR),
         *     404 RESERVATION_NOT_FOUND, 409 INVALID_STATUS_TRANSITION. A rejected request changes nothing and
         *     sends no event.
         */
        patch: operations["updateReservationStatus"];
        trace?: never;
    };
    "/api/v1/{slug}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Get availability for a day
         * @description **Permission: none** (`x-permission: none`): any valid key of the project, whatever its
         *     permissions.
         *
         *     Returns the time slots of one day (project local time, IANA time zone of the project, default
         *     `Europe/Prague`).
         *
         *     - **Slot length:** `duration` if given, else the `duration` of the service `serviceId` if given,
         *       else the project's default slot length (30 minutes). Slots start at `open` and step by the slot
         *       length; a slot never crosses `close` or the break (`breakStart`–`breakEnd`). A day that closes at
         *       midnight has `close: '24:00'`, and its last slot may end at `24:00`.
         *     - **Daylight saving time:** a slot whose `[from, to)` overlaps a local time that does not exist
         *       that day (the spring-forward hour, e.g. [02:00, 03:00) on 2026-03-29 in Europe/Prague) is not
         *       offered at all (01:30–02:00 and 03:00–03:30 still are). In the autumn hour that occurs twice, a
         *       wall-clock time means its first occurrence.
         *     - **Available:** a slot is available when it is not in the past (project local time) and at least
         *       one active table of the branch has no overlapping active (PENDING or CONFIRMED) reservation; a
         *       branch without tables has one implicit place. Overlap means the `[from, to)` intervals intersect.
         *     - **Closed day or holiday:** `isOpen: false`, `reason` (the holiday's name, or `Closed`),
         *       `slots: []`, and no `openingHours`. On an open day `openingHours` is present and `reason` absent.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 400 VALIDATION_ERROR (missing or
         *     bad `date`, unknown `branchId` or `serviceId`, bad `duration`).
         */
        get: operations["getAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Get the weekly schedule and holidays
         * @description **Permission: none** (`x-permission: none`): any valid key of the project, whatever its
         *     permissions.
         *
         *     `openingHours` has one entry per weekday ordered by `dayOfWeek` (0 = Sunday … 6 = Saturday) with
         *     the Czech day name (Neděle, Pondělí, Úterý, Středa, Čtvrtek, Pátek, Sobota); `open` and `close`
         *     (project local time) are present for open days only. `holidays` are ordered by date.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH.
         */
        get: operations["getSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/tables": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List tables
         * @description **Permission: none** (`x-permission: none`): any valid key of the project, whatever its
         *     permissions.
         *
         *     Only active tables are listed, ordered by `position`. `count` is the number of tables returned.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 400 VALIDATION_ERROR (unknown
         *     `branchId`).
         */
        get: operations["listTables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/services": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List services
         * @description **Permission: none** (`x-permission: none`): any valid key of the project, whatever its
         *     permissions.
         *
         *     Only active services (`isActive: true`) are listed, ordered by `name`. `count` is the number of
         *     services returned.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 400 VALIDATION_ERROR (unknown
         *     `branchId`).
         */
        get: operations["listServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/info": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Get project info, settings and branding
         * @description **Permission: none** (`x-permission: none`): any valid key of the project, whatever its
         *     permissions.
         *
         *     Returns the project, its settings (including `timeZone`, the project's IANA time zone, default
         *     `Europe/Prague`, and `requirePhone`, which makes `phone` required on `POST /reservations`) and its
         *     branding colours.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH.
         */
        get: operations["getProjectInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/gallery": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List gallery photos
         * @description **Permission: Media** (`x-permission: media`). Without it: 403 PERMISSION_DENIED
         *     `API key does not have media read permission`.
         *
         *     Photos ordered by `displayOrder`. `count` is the number of photos in this response, `total` the
         *     number of all photos. **Paging:** increase `offset` by the number of photos received until the
         *     photos collected reach `total`. A `limit` above 100, of any size, is clamped to 100, never
         *     rejected; an `offset` at or beyond `total` returns an empty page with the right `total`.
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 403 PERMISSION_DENIED,
         *     400 VALIDATION_ERROR (`limit` < 1, `offset` < 0, not integers).
         */
        get: operations["listGalleryPhotos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{slug}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List reviews
         * @description **Permission: Media** (`x-permission: media`). Without it: 403 PERMISSION_DENIED
         *     `API key does not have media read permission`.
         *
         *     Only approved and visible reviews, newest first (`createdAt` descending). `count` is the number
         *     of reviews in this response, `total` the number of all approved and visible reviews,
         *     `totalReviews` the number used for the average, and `averageRating` their mean rating rounded to
         *     one decimal (null when there are none). **Paging:** increase `offset` by the number of reviews
         *     received until the reviews collected reach `total`. A `limit` above 50, of any size, is clamped
         *     to 50, never rejected; an `offset` at or beyond `total` returns an empty page with the right
         *     `total` (and the same `averageRating` and `totalReviews`).
         *
         *     Errors, in the order they are checked: 401, 403 PROJECT_MISMATCH, 403 PERMISSION_DENIED,
         *     400 VALIDATION_ERROR (`limit` < 1, `offset` < 0, not integers).
         */
        get: operations["listReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "reservation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reservation.created
         * @description Sent when a reservation is created (`POST /reservations`). `data.reservation` carries id, date,
         *     from, to, status (PENDING), guests, note (null when none), customer (firstName, lastName, email,
         *     phone), services (id, name) and table (id, name; null when none), createdAt.
         *
         *     **Delivery (all events):** `POST` with `Content-Type: application/json` and
         *     `X-Webhook-Signature: sha256=<hex>`, the lower-case hex HMAC-SHA256 of the exact request body
         *     bytes (serialised once) keyed with the UTF-8 bytes of the project's signing secret (`whsec_`
         *     followed by 32 random bytes in base64url; demo-bistro: `whsec_demo_bistro`). Compare against the
         *     raw body before parsing it. Up to 5 attempts at 0, 1, 6, 36 and 156 minutes after the event
         *     (delays 0, 1 min, 5 min, 30 min, 2 h, each counted from the previous attempt). A 2xx answer ends
         *     the delivery; a non-2xx answer, a network error or no answer within 5 s is a failed attempt and is
         *     retried; after the 5th failure the delivery is marked failed. An event may arrive more than once:
         *     deduplicate by `X-Webhook-Delivery`, which every retry and redelivery keeps. NO_SHOW sends no event.
         *     `X-Webhook-Delivery: whd_…` names the delivery (the same on each attempt and redelivery); the
         *     mock's ids are `whd_` + 16 random lower-case hex digits, never reused by any world or process.
         *     The mock's session deliveries also carry `X-Mock-Session: <id>` (mock-only: the real service
         *     sends none). Treat the body as opaque bytes: the service may send any valid JSON (the mock indents with two spaces,
         *     see `x-webhook-delivery` `bodyBytes`).
         */
        post: operations["reservationCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reservation.confirmed
         * @description Sent when a reservation moves PENDING → CONFIRMED (`PATCH /reservations/{id}/status`).
         *     `confirmedBy` is the acting API key's id (`key_…`), the same value as `changedBy` in the status
         *     history (`system` for a change the mock's control interface made, e.g. its `trigger`). Delivery and signature rules: see `reservation.created` and `x-webhook-delivery`
         *     (sha256= HMAC over the exact body bytes; attempts at 0, 1, 6, 36, 156 minutes; 5 s timeout;
         *     failed after 5 attempts; deduplicate).
         */
        post: operations["reservationConfirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reservation.cancelled
         * @description Sent when a reservation moves PENDING or CONFIRMED → CANCELLED, through
         *     `PATCH /reservations/{id}/status` or `DELETE /reservations/{id}`. `reason` is the given reason, or
         *     an empty string when none was given (a string always, never null); `cancelledBy` is the acting API key's id (`key_…`), or `system` for a
         *     change the mock's control interface made. Delivery and
         *     signature rules: see `reservation.created` and `x-webhook-delivery` (sha256= HMAC over the exact
         *     body bytes; attempts at 0, 1, 6, 36, 156 minutes; 5 s timeout; failed after 5 attempts;
         *     deduplicate).
         */
        post: operations["reservationCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reservation.completed
         * @description Sent when a reservation moves CONFIRMED → COMPLETED (`PATCH /reservations/{id}/status`).
         *     Delivery and signature rules: see `reservation.created` and `x-webhook-delivery` (sha256= HMAC
         *     over the exact body bytes; attempts at 0, 1, 6, 36, 156 minutes; 5 s timeout; failed after 5
         *     attempts; deduplicate).
         */
        post: operations["reservationCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Reservation state. New reservations start in PENDING. Active states: PENDING, CONFIRMED. Final states (no outgoing transitions): CANCELLED, COMPLETED, NO_SHOW.
         * @enum {string}
         */
        ReservationStatus: ReservationStatus;
        /**
         * @description Action of a status history entry: `created` (POST), `confirmed`, `cancelled` (PATCH or DELETE), `completed`, `no_show`.
         * @enum {string}
         */
        StatusHistoryAction: StatusHistoryAction;
        /**
         * @description Machine-readable error code. The 400 "Missing required fields" error of `POST /reservations` has no code.
         * @enum {string}
         */
        ErrorCode: ErrorCode;
        /**
         * @description Webhook event names. NO_SHOW sends no event.
         * @enum {string}
         */
        WebhookEventName: WebhookEventName;
        /**
         * @description A local start time of day, `HH:MM` (24 h, `00:00`–`23:59`): `from` of a reservation or a slot, `open` and `breakStart` of opening hours. Never `24:00`.
         * @example 18:00
         */
        StartTime: StartTime;
        /**
         * @description A local end time of day, `HH:MM` (24 h), where `24:00` is the end of the day: `to` of a reservation or a slot, `close` and `breakEnd` of opening hours.
         * @example 20:00
         * @example 24:00
         */
        EndTime: EndTime;
        /** @description The reservation's customer. Found by e-mail (case-insensitive) within the project, or created, on `POST /reservations`; given names and phone update it. Fields not known are null. */
        Customer: Customer;
        /** @description A service booked with the reservation. */
        ReservationServiceItem: ReservationServiceItem;
        /** @description The table assigned to the reservation. */
        ReservationTable: ReservationTable;
        /** @description A reservation as listed (without `statusHistory`). */
        Reservation: Reservation;
        /** @description One change of a reservation's status. `changedAt` is never later than the service's current time. */
        StatusHistoryEntry: StatusHistoryEntry;
        /** @description A reservation with its status history (oldest entry first). */
        ReservationDetail: ReservationDetail;
        /** @description The reservation as returned by creation. */
        CreatedReservation: CreatedReservation;
        /** @description The reservation as returned by a status change. */
        ReservationStatusChange: ReservationStatusChange;
        /**
         * @description Body of `POST /reservations`. `email`, `date`, `from` and `to` are required; `phone` is also
         *     required when the project setting `requirePhone` is true (see `GET /info`). A missing required field
         *     gives 400 without a code and the message `Missing required fields: ` + the missing names in the
         *     order email, date, from, to, phone. Wrong types or formats give 400 VALIDATION_ERROR. Unknown
         *     properties are ignored.
         */
        CreateReservationRequest: CreateReservationRequest;
        /** @description Body of `PATCH /reservations/{id}/status`. Unknown properties are ignored. */
        UpdateReservationStatusRequest: UpdateReservationStatusRequest;
        /** @description Optional body of `DELETE /reservations/{id}`. Unknown properties are ignored. */
        CancelReservationRequest: CancelReservationRequest;
        Service: Service;
        Table: Table;
        Photo: Photo;
        Review: Review;
        Project: Project;
        Branch: Branch;
        Settings: Settings;
        Branding: Branding;
        ProjectInfo: ProjectInfo;
        /** @description One slot `[from, to)` of an open day, local time; `to` may be `24:00` when the day closes at midnight. A slot that overlaps a local time that does not exist that day (the spring-forward hour of daylight saving time) is never offered. */
        Slot: Slot;
        /** @description Opening hours of one day, local time. `close` and `breakEnd` may be `24:00` (the end of the day); `open` and `breakStart` never are. Hours that run past midnight are out of scope. */
        OpeningHours: OpeningHours;
        /**
         * @description Availability of one day (project local time). Slot length: `duration`, else the service's
         *     duration, else 30 minutes; slots start at `open`, step by the slot length and never cross `close`
         *     or the break; a slot overlapping a local time that does not exist that day (daylight saving) is not
         *     offered. A slot is available when it is not in the past and at least one active table of the
         *     branch has no overlapping active reservation (a branch without tables has one implicit place).
         *     Open day: `openingHours` present, no `reason`. Closed day or holiday: `isOpen: false`, `reason`
         *     (holiday name or `Closed`), `slots: []`, no `openingHours`. The `if`/`then`/`else` below states
         *     this for validators; client generators ignore it, so generated types show `openingHours` and
         *     `reason` as optional: check `isOpen` first.
         */
        AvailabilityDay: AvailabilityDay;
        /** @description One weekday of the regular schedule. An open day (`isOpen: true`) has `open` and `close`; a closed day has neither. The `if`/`then` below states this for validators; client generators ignore it, so generated types show `open` and `close` as optional: check `isOpen` first. */
        ScheduleDay: ScheduleDay;
        Holiday: Holiday;
        Schedule: Schedule;
        ReservationListResponse: ReservationListResponse;
        ReservationDetailResponse: ReservationDetailResponse;
        CreatedReservationResponse: CreatedReservationResponse;
        ReservationStatusChangeResponse: ReservationStatusChangeResponse;
        CancelledReservationResponse: CancelledReservationResponse;
        /** @description The availability day (see AvailabilityDay) with `success`, as one flat object. Open day: `openingHours` present, no `reason`. Closed day or holiday: `isOpen: false`, `reason`, `slots: []`, no `openingHours`. The `if`/`then`/`else` below states this for validators; client generators ignore it, so generated types show `openingHours` and `reason` as optional: check `isOpen` first. */
        AvailabilityResponse: AvailabilityResponse;
        ScheduleResponse: ScheduleResponse;
        TableListResponse: TableListResponse;
        ServiceListResponse: ServiceListResponse;
        ProjectInfoResponse: ProjectInfoResponse;
        PhotoListResponse: PhotoListResponse;
        ReviewListResponse: ReviewListResponse;
        ValidationErrorDetail: ValidationErrorDetail;
        /**
         * @description Error body. `error` is the HTTP status text, `message` a human-readable text (exact texts are listed
         *     in the API description), `code` present for coded errors (absent only on the 400 "Missing required
         *     fields" error of `POST /reservations`), `details` present for VALIDATION_ERROR. No `success` field.
         *     The `if`/`then` below states the `details` rule for validators; client generators ignore it, so
         *     generated types show `details` as optional: check `code` first.
         */
        ErrorBody: ErrorBody;
        /** @description Body of `reservation.created`. */
        ReservationCreatedEvent: ReservationCreatedEvent;
        /** @description Body of `reservation.confirmed`. */
        ReservationConfirmedEvent: ReservationConfirmedEvent;
        /** @description Body of `reservation.cancelled` (sent for PATCH to CANCELLED and for DELETE). */
        ReservationCancelledEvent: ReservationCancelledEvent;
        /** @description Body of `reservation.completed`. */
        ReservationCompletedEvent: ReservationCompletedEvent;
        /** @description Any webhook body, discriminated by `event`. */
        WebhookEvent: WebhookEvent;
        Error: ErrorBody;
        CreateReservationResponse: CreatedReservationResponse;
        UpdateReservationStatusResponse: ReservationStatusChangeResponse;
        CancelReservationResponse: CancelledReservationResponse;
    };
    responses: never;
    parameters: {
        /**
         * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
         * @example demo-bistro
         */
        Slug: string;
        /**
         * @description Reservation id. An unknown id, or the id of another project's reservation, is 404 RESERVATION_NOT_FOUND.
         * @example res_k3m9x2p7
         */
        ReservationId: string;
        /**
         * @description Number of records to skip (default 0). A negative value, or not an integer, is 400 VALIDATION_ERROR. Any size is accepted: an offset at or beyond `total` gives an empty page with the right `total`, never a 400.
         * @example 0
         */
        Offset: number;
        /**
         * @description The delivery's id, `whd_` followed by an opaque string: the same on every attempt and on every
         *     redelivery of one delivery. The SDK's `constructWebhookEvent(body, headers, secret)` returns it
         *     as `deliveryId`, and its deduplicator uses it when present.
         *
         *     The mock's ids are `whd_` followed by 16 random lower-case hex digits (64 bits): never reused by
         *     any world (the root mock, a session, the mock after a reset) of any mock process, so a receiver
         *     shared by several worlds can deduplicate by it. Deliveries of a mock's session also carry
         *     `X-Mock-Session: <session id>`, a mock-only header the real service never sends.
         * @example whd_3f9a1c07b2e4d865
         */
        WebhookDelivery: string;
        /**
         * @description `sha256=` followed by the lower-case hex HMAC-SHA256 of the exact request body bytes, keyed with
         *     the UTF-8 bytes of the signing secret (`whsec_…`). Compare it (in constant time) with the value
         *     computed over the raw body.
         *
         *     Test vector: secret `whsec_demo_bistro`, body
         *     `{"event":"reservation.completed","timestamp":"2026-06-15T12:05:00.000Z","projectId":"prj_demo_bistro","data":{"reservation":{"id":"res_k3m9x2p7","status":"COMPLETED"}}}`
         *     → `sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379`.
         * @example sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The id of this request in the service's logs (in the mock: its request journal entry, `req_000001`, increasing and unique for the life of the mock, never reused after a reset). Quote it when you report a problem. The mock sends it on every answer, API and control routes alike; browsers can read it (CORS `Access-Control-Expose-Headers`). Optional: a proxy in between may answer without it. The SDK exposes it as `error.requestId`, in `withResponse()` and in log records.
         * @example req_000042
         */
        RequestId: string;
    };
    pathItems: never;
}
/**
 * @description Reservation state. New reservations start in PENDING. Active states: PENDING, CONFIRMED. Final states (no outgoing transitions): CANCELLED, COMPLETED, NO_SHOW.
 * @enum {string}
 */
export type ReservationStatus = "PENDING" | "CONFIRMED" | "CANCELLED" | "COMPLETED" | "NO_SHOW";
/**
 * @description Action of a status history entry: `created` (POST), `confirmed`, `cancelled` (PATCH or DELETE), `completed`, `no_show`.
 * @enum {string}
 */
export type StatusHistoryAction = "created" | "confirmed" | "cancelled" | "completed" | "no_show";
/**
 * @description Machine-readable error code. The 400 "Missing required fields" error of `POST /reservations` has no code.
 * @enum {string}
 */
export type ErrorCode = "API_KEY_MISSING" | "API_KEY_INVALID" | "PROJECT_MISMATCH" | "PERMISSION_DENIED" | "INVALID_JSON" | "VALIDATION_ERROR" | "RESERVATION_NOT_FOUND" | "NOT_FOUND" | "INVALID_STATUS_TRANSITION" | "DOUBLE_BOOKING" | "CUSTOMER_BLACKLISTED" | "OUTSIDE_OPENING_HOURS" | "RESERVATION_IN_PAST" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "HOST_NOT_ALLOWED" | "MALFORMED_URL" | "RATE_LIMITED" | "INTERNAL_ERROR";
/**
 * @description Webhook event names. NO_SHOW sends no event.
 * @enum {string}
 */
export type WebhookEventName = "reservation.created" | "reservation.confirmed" | "reservation.cancelled" | "reservation.completed";
/**
 * @description A local start time of day, `HH:MM` (24 h, `00:00`–`23:59`): `from` of a reservation or a slot, `open` and `breakStart` of opening hours. Never `24:00`.
 * @example 18:00
 */
export type StartTime = string;
/**
 * @description A local end time of day, `HH:MM` (24 h), where `24:00` is the end of the day: `to` of a reservation or a slot, `close` and `breakEnd` of opening hours.
 * @example 20:00
 * @example 24:00
 */
export type EndTime = string;
/** @description The reservation's customer. Found by e-mail (case-insensitive) within the project, or created, on `POST /reservations`; given names and phone update it. Fields not known are null. */
export type Customer = {
    id: string;
    firstName: string | null;
    lastName: string | null;
    /** Format: email */
    email: string;
    phone: string | null;
};
/** @description A service booked with the reservation. */
export type ReservationServiceItem = {
    id: string;
    name: string;
    /** @description Minutes. */
    duration: number;
    price: number;
};
/** @description The table assigned to the reservation. */
export type ReservationTable = {
    id: string;
    name: string;
    capacity: number;
};
/** @description A reservation as listed (without `statusHistory`). */
export type Reservation = {
    /** @description Reservation identifier. */
    id: string;
    /**
     * Format: date
     * @description Local date of the project (`YYYY-MM-DD`).
     */
    date: string;
    /** @description Start time, local `HH:MM`. */
    from: StartTime;
    /** @description End time, local `HH:MM` (exclusive; later than `from`; `24:00` is the end of the day). */
    to: EndTime;
    status: ReservationStatus;
    /** @description Number of guests; 1 when omitted on creation. */
    guests: number;
    /** @description Free note; null when none. */
    note: string | null;
    customer: Customer;
    /** @description Booked services; empty when none. */
    services: ReservationServiceItem[];
    /** @description Assigned table; null when no table is assigned. */
    table: ReservationTable | null;
    /**
     * Format: date-time
     * @description Creation timestamp (UTC).
     */
    createdAt: string;
};
/** @description One change of a reservation's status. `changedAt` is never later than the service's current time. */
export type StatusHistoryEntry = {
    status: ReservationStatus;
    /** @description `system` for creation through the API (and for a change the mock's control interface makes, unless its data helper was given another `changedBy`); the acting API key's id (`key_…`) for changes through the API; otherwise an identifier of the acting admin user. */
    changedBy: string;
    action: StatusHistoryAction;
    /** Format: date-time */
    changedAt: string;
    /** @description Note given with the change (PATCH `note`); absent when none. */
    note?: string;
    /** @description Cancellation reason (PATCH or DELETE `reason`); absent when none. */
    reason?: string;
};
/** @description A reservation with its status history (oldest entry first). */
export type ReservationDetail = {
    /** @description Reservation identifier. */
    id: string;
    /**
     * Format: date
     * @description Local date of the project (`YYYY-MM-DD`).
     */
    date: string;
    /** @description Start time, local `HH:MM`. */
    from: StartTime;
    /** @description End time, local `HH:MM` (exclusive; later than `from`; `24:00` is the end of the day). */
    to: EndTime;
    status: ReservationStatus;
    /** @description Number of guests; 1 when omitted on creation. */
    guests: number;
    /** @description Free note; null when none. */
    note: string | null;
    customer: Customer;
    /** @description Booked services; empty when none. */
    services: ReservationServiceItem[];
    /** @description Assigned table; null when no table is assigned. */
    table: ReservationTable | null;
    /**
     * Format: date-time
     * @description Creation timestamp (UTC).
     */
    createdAt: string;
    /** @description Status changes, oldest first; the first entry is the `created` one. Entries are in time order (`changedAt` never decreases) and none is later than the service's current time. */
    statusHistory: StatusHistoryEntry[];
};
/** @description The reservation as returned by creation. */
export type CreatedReservation = {
    id: string;
    /**
     * @description Always PENDING (a `ReservationStatus`).
     * @enum {string}
     */
    status: "PENDING";
    /** Format: date */
    date: string;
    from: StartTime;
    to: EndTime;
};
/** @description The reservation as returned by a status change. */
export type ReservationStatusChange = {
    id: string;
    /**
     * @description The state the reservation moved to; never PENDING (no transition leads there).
     * @enum {string}
     */
    status: "CONFIRMED" | "CANCELLED" | "COMPLETED" | "NO_SHOW";
};
/**
 * @description Body of `POST /reservations`. `email`, `date`, `from` and `to` are required; `phone` is also
 *     required when the project setting `requirePhone` is true (see `GET /info`). A missing required field
 *     gives 400 without a code and the message `Missing required fields: ` + the missing names in the
 *     order email, date, from, to, phone. Wrong types or formats give 400 VALIDATION_ERROR. Unknown
 *     properties are ignored.
 */
export type CreateReservationRequest = {
    /**
     * Format: email
     * @description Customer e-mail; the customer is found by it (case-insensitive) or created.
     */
    email: string;
    firstName?: string;
    lastName?: string;
    /** @description Customer phone. Required when the project's `requirePhone` setting is true (demo-salon); optional otherwise (demo-bistro). */
    phone?: string;
    /** Format: date */
    date: string;
    /** @description Start time, local `HH:MM` (never `24:00`); must be before `to`. */
    from: StartTime;
    /** @description End time, local `HH:MM`; `24:00` is the end of the day. */
    to: EndTime;
    /**
     * @description Number of guests (default 1); not above the capacity of `tableId`'s table.
     * @default 1
     */
    guests?: number;
    /** @description Branch; an unknown id is 400 VALIDATION_ERROR. */
    branchId?: string;
    /** @description Table to reserve; an unknown id is 400 VALIDATION_ERROR. Only when it is given is the request checked for DOUBLE_BOOKING. */
    tableId?: string;
    /** @description Services to book; an unknown id is 400 VALIDATION_ERROR. */
    serviceIds?: string[];
    /** @description Free note. */
    note?: string;
};
/** @description Body of `PATCH /reservations/{id}/status`. Unknown properties are ignored. */
export type UpdateReservationStatusRequest = {
    status: ReservationStatus;
    /** @description Note on the change, stored in the status history entry. */
    note?: string;
    /** @description Reason, for a change to CANCELLED (stored in the history entry and sent in the event). */
    reason?: string;
};
/** @description Optional body of `DELETE /reservations/{id}`. Unknown properties are ignored. */
export type CancelReservationRequest = {
    /** @description Cancellation reason (stored in the history entry and sent in the event). */
    reason?: string;
};
export type Service = {
    id: string;
    name: string;
    description: string | null;
    /** @description Minutes. */
    duration: number;
    price: number;
    /** @enum {string} */
    currency: "CZK" | "EUR";
    branchId: string | null;
    /** @description Always true in lists (only active services are listed). */
    isActive: boolean;
};
export type Table = {
    id: string;
    name: string;
    /** @description Short label, e.g. a number. */
    label: string | null;
    /** @description Maximum number of guests. */
    capacity: number;
    branchId: string | null;
    /** @description Zone such as terrace or interior. */
    zoneId: string | null;
    /** @description Display order (lists are sorted by it). */
    position: number;
    visualX: number | null;
    visualY: number | null;
    visualWidth: number | null;
    visualHeight: number | null;
    /** @description Degrees. */
    visualRotation: number | null;
    /** @description Shape on the floor plan, or null when none is set. */
    visualShape: ("rectangle" | "circle" | "square") | null;
};
export type Photo = {
    id: string;
    /** Format: uri */
    imageUrl: string;
    title: string | null;
    description: string | null;
    displayOrder: number;
    /** Format: date-time */
    createdAt: string;
};
export type Review = {
    id: string;
    /** @description Shortened display name. */
    customerName: string;
    rating: number;
    comment: string | null;
    businessReply: string | null;
    /** Format: date-time */
    repliedAt: string | null;
    /** Format: date-time */
    createdAt: string;
};
export type Project = {
    id: string;
    name: string;
    slug: string;
    /** Format: uri */
    logoUrl: string | null;
    address: string | null;
    /** Format: email */
    contactEmail: string | null;
    contactPhone: string | null;
    isActive: boolean;
};
export type Branch = {
    id: string;
    name: string;
    address: string;
};
export type Settings = {
    primaryColor: string;
    secondaryColor: string;
    accentColor: string;
    borderColor: string;
    fontFamily: string;
    branches: Branch[];
    /** @description Links by network name, e.g. `facebook`, `instagram`. */
    socialLinks: {
        [key: string]: string;
    };
    /** @enum {string} */
    defaultView: "calendar" | "list";
    /** @description Show prices (a setting for the booking front end; the API answers alike). */
    showPrices: boolean;
    /** @description Whether the booking front end offers a note field. A setting for the front end: the API itself does not enforce it, and `POST /reservations` stores a `note` either way. */
    allowNotes: boolean;
    /** @description Phone is required on `POST /reservations`. */
    requirePhone: boolean;
    /**
     * @description IANA time zone of the project (default `Europe/Prague`). Dates and times of day are local to it; timestamps are UTC.
     * @example Europe/Prague
     */
    timeZone: string;
};
export type Branding = {
    primary: string;
    secondary: string;
    accent: string;
    border: string;
};
export type ProjectInfo = {
    project: Project;
    settings: Settings;
    branding: Branding;
};
/** @description One slot `[from, to)` of an open day, local time; `to` may be `24:00` when the day closes at midnight. A slot that overlaps a local time that does not exist that day (the spring-forward hour of daylight saving time) is never offered. */
export type Slot = {
    from: StartTime;
    to: EndTime;
    /** @description Not in the past (project local time) and at least one active table of the branch has no overlapping active reservation (a branch without tables has one implicit place). */
    available: boolean;
};
/** @description Opening hours of one day, local time. `close` and `breakEnd` may be `24:00` (the end of the day); `open` and `breakStart` never are. Hours that run past midnight are out of scope. */
export type OpeningHours = {
    open: StartTime;
    close: EndTime;
    /** @description Present when the branch has a break that day. */
    breakStart?: StartTime;
    /** @description Present when the branch has a break that day. */
    breakEnd?: EndTime;
};
/**
 * @description Availability of one day (project local time). Slot length: `duration`, else the service's
 *     duration, else 30 minutes; slots start at `open`, step by the slot length and never cross `close`
 *     or the break; a slot overlapping a local time that does not exist that day (daylight saving) is not
 *     offered. A slot is available when it is not in the past and at least one active table of the
 *     branch has no overlapping active reservation (a branch without tables has one implicit place).
 *     Open day: `openingHours` present, no `reason`. Closed day or holiday: `isOpen: false`, `reason`
 *     (holiday name or `Closed`), `slots: []`, no `openingHours`. The `if`/`then`/`else` below states
 *     this for validators; client generators ignore it, so generated types show `openingHours` and
 *     `reason` as optional: check `isOpen` first.
 */
export type AvailabilityDay = {
    /** Format: date */
    date: string;
    /**
     * @description English day name.
     * @enum {string}
     */
    dayOfWeek: "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
    isOpen: boolean;
    openingHours?: OpeningHours;
    slots: Slot[];
    /** @description Only when `isOpen` is false; the holiday's name, or `Closed`. */
    reason?: string;
};
/** @description One weekday of the regular schedule. An open day (`isOpen: true`) has `open` and `close`; a closed day has neither. The `if`/`then` below states this for validators; client generators ignore it, so generated types show `open` and `close` as optional: check `isOpen` first. */
export type ScheduleDay = {
    /** @description 0 is Sunday, 1 Monday, … 6 Saturday. */
    dayOfWeek: number;
    /**
     * @description Czech day name.
     * @enum {string}
     */
    dayName: "Neděle" | "Pondělí" | "Úterý" | "Středa" | "Čtvrtek" | "Pátek" | "Sobota";
    isOpen: boolean;
    /** @description Present for open days only. */
    open?: StartTime;
    /** @description Present for open days only; `24:00` when the day closes at midnight. */
    close?: EndTime;
};
export type Holiday = {
    /** Format: date */
    date: string;
    name: string;
    isOpen: boolean;
};
export type Schedule = {
    /** @description One entry per weekday, ordered by `dayOfWeek` (0 = Sunday first). */
    openingHours: ScheduleDay[];
    /** @description Ordered by date. */
    holidays: Holiday[];
};
export type ReservationListResponse = {
    /** @constant */
    success: true;
    /** @description Number of reservations in this response. */
    count: number;
    /** @description Number of all matching reservations. */
    total: number;
    reservations: Reservation[];
};
export type ReservationDetailResponse = {
    /** @constant */
    success: true;
    reservation: ReservationDetail;
};
export type CreatedReservationResponse = {
    /** @constant */
    success: true;
    message: string;
    reservation: CreatedReservation;
};
export type ReservationStatusChangeResponse = {
    /** @constant */
    success: true;
    message: string;
    reservation: ReservationStatusChange;
};
export type CancelledReservationResponse = {
    /** @constant */
    success: true;
    message: string;
};
/** @description The availability day (see AvailabilityDay) with `success`, as one flat object. Open day: `openingHours` present, no `reason`. Closed day or holiday: `isOpen: false`, `reason`, `slots: []`, no `openingHours`. The `if`/`then`/`else` below states this for validators; client generators ignore it, so generated types show `openingHours` and `reason` as optional: check `isOpen` first. */
export type AvailabilityResponse = {
    /** @constant */
    success: true;
    /** Format: date */
    date: string;
    /**
     * @description English day name.
     * @enum {string}
     */
    dayOfWeek: "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
    isOpen: boolean;
    openingHours?: OpeningHours;
    slots: Slot[];
    /** @description Only when `isOpen` is false; the holiday's name, or `Closed`. */
    reason?: string;
};
export type ScheduleResponse = {
    /** @constant */
    success: true;
    /** @description One entry per weekday, ordered by `dayOfWeek` (0 = Sunday first). */
    openingHours: ScheduleDay[];
    /** @description Ordered by date. */
    holidays: Holiday[];
};
export type TableListResponse = {
    /** @constant */
    success: true;
    count: number;
    tables: Table[];
};
export type ServiceListResponse = {
    /** @constant */
    success: true;
    count: number;
    services: Service[];
};
export type ProjectInfoResponse = {
    /** @constant */
    success: true;
    project: Project;
    settings: Settings;
    branding: Branding;
};
export type PhotoListResponse = {
    /** @constant */
    success: true;
    /** @description Number of photos in this response. */
    count: number;
    /** @description Number of all photos. */
    total: number;
    photos: Photo[];
};
export type ReviewListResponse = {
    /** @constant */
    success: true;
    /** @description Number of reviews in this response. */
    count: number;
    /** @description Number of all approved and visible reviews. */
    total: number;
    /** @description Mean rating rounded to one decimal; null when there are no reviews. */
    averageRating: number | null;
    /** @description Number of reviews used for the average. */
    totalReviews: number;
    reviews: Review[];
};
export type ValidationErrorDetail = {
    /** @description Name of the body field or query parameter. */
    field: string;
    /** @description Why it is invalid. */
    message: string;
};
/**
 * @description Error body. `error` is the HTTP status text, `message` a human-readable text (exact texts are listed
 *     in the API description), `code` present for coded errors (absent only on the 400 "Missing required
 *     fields" error of `POST /reservations`), `details` present for VALIDATION_ERROR. No `success` field.
 *     The `if`/`then` below states the `details` rule for validators; client generators ignore it, so
 *     generated types show `details` as optional: check `code` first.
 */
export type ErrorBody = {
    /** @description HTTP status text, e.g. `Bad Request`, `Unauthorized`, `Forbidden`. */
    error: string;
    message: string;
    code?: ErrorCode;
    /** @description One entry per invalid field or parameter, every invalid one at once (in the order checked: types and formats, then references and capacity), so a form can mark them all. */
    details?: ValidationErrorDetail[];
};
/** @description Body of `reservation.created`. */
export type ReservationCreatedEvent = {
    /**
     * @description discriminator enum property added by openapi-typescript
     * @enum {string}
     */
    event: "reservation.created";
    /**
     * Format: date-time
     * @description When the event happened (UTC).
     */
    timestamp: string;
    projectId: string;
    data: {
        reservation: {
            id: string;
            /** Format: date */
            date: string;
            from: StartTime;
            to: EndTime;
            /**
             * @description Always PENDING (a new reservation).
             * @enum {string}
             */
            status: "PENDING";
            guests: number;
            note: string | null;
            /** @description Nullable as in Customer. */
            customer: {
                firstName: string | null;
                lastName: string | null;
                /** Format: email */
                email: string;
                phone: string | null;
            };
            services: {
                id: string;
                name: string;
            }[];
            /** @description Null when no table is assigned. */
            table: {
                id: string;
                name: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
        };
    };
};
/** @description Body of `reservation.confirmed`. */
export type ReservationConfirmedEvent = {
    /**
     * @description discriminator enum property added by openapi-typescript
     * @enum {string}
     */
    event: "reservation.confirmed";
    /**
     * Format: date-time
     * @description When the event happened (UTC).
     */
    timestamp: string;
    projectId: string;
    data: {
        reservation: {
            id: string;
            /** @enum {string} */
            status: "CONFIRMED";
            /**
             * @description Only PENDING can be confirmed.
             * @enum {string}
             */
            previousStatus: "PENDING";
            /** @description The acting API key's id (`key_…`), as `changedBy` in the status history; `system` for a change the mock's control interface made (its `trigger`). */
            confirmedBy: string;
        };
    };
};
/** @description Body of `reservation.cancelled` (sent for PATCH to CANCELLED and for DELETE). */
export type ReservationCancelledEvent = {
    /**
     * @description discriminator enum property added by openapi-typescript
     * @enum {string}
     */
    event: "reservation.cancelled";
    /**
     * Format: date-time
     * @description When the event happened (UTC).
     */
    timestamp: string;
    projectId: string;
    data: {
        reservation: {
            id: string;
            /** @enum {string} */
            status: "CANCELLED";
            /**
             * @description The active state the reservation was cancelled from.
             * @enum {string}
             */
            previousStatus: "PENDING" | "CONFIRMED";
            /** @description The given reason; an empty string when none was given. */
            reason: string;
            /** @description The acting API key's id (`key_…`), as `changedBy` in the status history; `system` for a change the mock's control interface made (its `trigger`). */
            cancelledBy: string;
        };
    };
};
/** @description Body of `reservation.completed`. */
export type ReservationCompletedEvent = {
    /**
     * @description discriminator enum property added by openapi-typescript
     * @enum {string}
     */
    event: "reservation.completed";
    /**
     * Format: date-time
     * @description When the event happened (UTC).
     */
    timestamp: string;
    projectId: string;
    data: {
        reservation: {
            id: string;
            /**
             * @description Always COMPLETED (previous status CONFIRMED).
             * @enum {string}
             */
            status: "COMPLETED";
        };
    };
};
/** @description Any webhook body, discriminated by `event`. */
export type WebhookEvent = ReservationCreatedEvent | ReservationConfirmedEvent | ReservationCancelledEvent | ReservationCompletedEvent;
/** The former name of `CreatedReservationResponse` in openapi.yaml. */
export type CreateReservationResponse = CreatedReservationResponse;
/** The former name of `ReservationStatusChangeResponse` in openapi.yaml. */
export type UpdateReservationStatusResponse = ReservationStatusChangeResponse;
/** The former name of `CancelledReservationResponse` in openapi.yaml. */
export type CancelReservationResponse = CancelledReservationResponse;
export type $defs = Record<string, never>;
export interface operations {
    listReservations: {
        parameters: {
            query?: {
                /**
                 * @description Only reservations on this date (`YYYY-MM-DD`).
                 * @example 2026-06-15
                 */
                date?: string;
                /**
                 * @description Only reservations on or after this date (`YYYY-MM-DD`, inclusive).
                 * @example 2026-06-01
                 */
                from?: string;
                /**
                 * @description Only reservations on or before this date (`YYYY-MM-DD`, inclusive).
                 * @example 2026-06-30
                 */
                to?: string;
                /**
                 * @description Only reservations in this status. An unknown value is 400 VALIDATION_ERROR.
                 * @example CONFIRMED
                 */
                status?: ReservationStatus;
                /**
                 * @description Only reservations of this branch. An unknown branch id is 400 VALIDATION_ERROR.
                 * @example br_old_town
                 */
                branchId?: string;
                /**
                 * @description Maximum number of records to return (default 50). At most 100 are returned: a larger value, of any size, is clamped to 100 and never rejected (so the schema declares no `maximum`, which validators would enforce). A value below 1, or not an integer, is 400 VALIDATION_ERROR.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description Number of records to skip (default 0). A negative value, or not an integer, is 400 VALIDATION_ERROR. Any size is accepted: an offset at or beyond `total` gives an empty page with the right `total`, never a 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page of matching reservations. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ReservationListResponse;
                };
            };
            /** @description VALIDATION_ERROR: a query parameter has the wrong type or format (bad date, unknown `status`, unknown `branchId`, `limit` < 1, `offset` < 0). One answer lists every invalid parameter: formats first, then an unknown `branchId` whose format is valid. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH (key of another project), PERMISSION_DENIED (key lacks Read), or HOST_NOT_ALLOWED (standalone mock: `Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    createReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": CreateReservationRequest;
            };
        };
        responses: {
            /** @description The reservation was created in status PENDING. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": CreatedReservationResponse;
                };
            };
            /** @description INVALID_JSON (body not a JSON object, not valid UTF-8, or nested deeper than 32 levels), missing required fields (no `code`), or VALIDATION_ERROR (a field has the wrong type or format, `from` not before `to`, unknown tableId/serviceId/branchId, guests not a positive integer or above the table's capacity). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH (key of another project), PERMISSION_DENIED (key lacks Write), CUSTOMER_BLACKLISTED (the customer's e-mail, case-insensitive, or phone is blacklisted), or HOST_NOT_ALLOWED (standalone mock: `Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description DOUBLE_BOOKING: `tableId` was given and the table has an active (PENDING or CONFIRMED) reservation whose `[from, to)` interval intersects the requested one on the same date. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the request body is larger than 64 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a request body was sent with another or no `Content-Type` than `application/json` (parameters such as `charset=utf-8` are allowed, and so is any `application/*+json` type), or compressed (a `Content-Encoding` other than `identity`). Checked after 403 PERMISSION_DENIED, before 413 and 400. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description OUTSIDE_OPENING_HOURS: the requested `[from, to)` is outside the opening hours of that day (project local time), crosses the break, falls on a closed day or a closed holiday, or overlaps a local time that does not exist that day (daylight saving). RESERVATION_IN_PAST: the reservation starts (`date` and `from`, project local time; a time of the repeated autumn hour means its first occurrence) before the service's current time. Checked in that order, after the blacklist and before 409. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    getReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
                /**
                 * @description Reservation id. An unknown id, or the id of another project's reservation, is 404 RESERVATION_NOT_FOUND.
                 * @example res_k3m9x2p7
                 */
                id: components["parameters"]["ReservationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reservation with its status history. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ReservationDetailResponse;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH (key of another project), PERMISSION_DENIED (key lacks Read), or HOST_NOT_ALLOWED (standalone mock: `Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RESERVATION_NOT_FOUND: no reservation with this id in the project (unknown id, or a reservation of another project). Any path under `/api/v1` that is not in this document gives 404 NOT_FOUND `Not found` instead (checked right after PROJECT_MISMATCH). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    cancelReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
                /**
                 * @description Reservation id. An unknown id, or the id of another project's reservation, is 404 RESERVATION_NOT_FOUND.
                 * @example res_k3m9x2p7
                 */
                id: components["parameters"]["ReservationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": CancelReservationRequest;
            };
        };
        responses: {
            /** @description The reservation is now CANCELLED. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": CancelledReservationResponse;
                };
            };
            /** @description INVALID_JSON (body present but not a JSON object, not valid UTF-8, or nested deeper than 32 levels) or VALIDATION_ERROR (`reason` not a string). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH (key of another project), PERMISSION_DENIED (key lacks Delete), or HOST_NOT_ALLOWED (standalone mock: `Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RESERVATION_NOT_FOUND: no reservation with this id in the project (unknown id, or a reservation of another project). Any path under `/api/v1` that is not in this document gives 404 NOT_FOUND `Not found` instead (checked right after PROJECT_MISMATCH). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INVALID_STATUS_TRANSITION: the reservation is already in a final state (CANCELLED, COMPLETED or NO_SHOW). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the request body is larger than 64 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a request body was sent with another or no `Content-Type` than `application/json` (parameters such as `charset=utf-8` are allowed, and so is any `application/*+json` type), or compressed (a `Content-Encoding` other than `identity`). Checked after 403 PERMISSION_DENIED, before 413 and 400. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    updateReservationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
                /**
                 * @description Reservation id. An unknown id, or the id of another project's reservation, is 404 RESERVATION_NOT_FOUND.
                 * @example res_k3m9x2p7
                 */
                id: components["parameters"]["ReservationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": UpdateReservationStatusRequest;
            };
        };
        responses: {
            /** @description The status was changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ReservationStatusChangeResponse;
                };
            };
            /** @description INVALID_JSON (body not a JSON object, not valid UTF-8, or nested deeper than 32 levels) or VALIDATION_ERROR (`status` missing or not a ReservationStatus, `note`/`reason` not strings). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH (key of another project), PERMISSION_DENIED (key lacks Write), or HOST_NOT_ALLOWED (standalone mock: `Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RESERVATION_NOT_FOUND: no reservation with this id in the project (unknown id, or a reservation of another project). Any path under `/api/v1` that is not in this document gives 404 NOT_FOUND `Not found` instead (checked right after PROJECT_MISMATCH). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INVALID_STATUS_TRANSITION: the transition is not in the table above (this includes a change to the current status and any change from a final state). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the request body is larger than 64 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a request body was sent with another or no `Content-Type` than `application/json` (parameters such as `charset=utf-8` are allowed, and so is any `application/*+json` type), or compressed (a `Content-Encoding` other than `identity`). Checked after 403 PERMISSION_DENIED, before 413 and 400. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    getAvailability: {
        parameters: {
            query: {
                /**
                 * @description The day (`YYYY-MM-DD`). Missing or malformed is 400 VALIDATION_ERROR.
                 * @example 2026-06-15
                 */
                date: string;
                /**
                 * @description Branch whose tables are considered. An unknown branch id is 400 VALIDATION_ERROR.
                 * @example br_old_town
                 */
                branchId?: string;
                /**
                 * @description Service whose `duration` is the slot length (unless `duration` is given). An unknown service id is 400 VALIDATION_ERROR.
                 * @example svc_tasting
                 */
                serviceId?: string;
                /**
                 * @description Slot length in minutes (1–1440); takes precedence over the service's duration. Default: the service's duration, else 30.
                 * @example 90
                 */
                duration?: number;
            };
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The availability of the day. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": AvailabilityResponse;
                };
            };
            /** @description VALIDATION_ERROR: `date` missing or malformed, unknown `branchId` or `serviceId`, `duration` not an integer in 1–1440. One answer lists every invalid parameter: formats first, then the unknown ids among the parameters whose format is valid. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH: the key is valid but belongs to another project than `{slug}` (also when the slug does not exist or is malformed). Operations without a permission requirement give no other 403, except HOST_NOT_ALLOWED from the standalone mock (`Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    getSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ScheduleResponse;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH: the key is valid but belongs to another project than `{slug}` (also when the slug does not exist or is malformed). Operations without a permission requirement give no other 403, except HOST_NOT_ALLOWED from the standalone mock (`Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    listTables: {
        parameters: {
            query?: {
                /**
                 * @description Only tables of exactly this branch (a table without a branch, which availability counts for every branch, is not listed). An unknown branch id is 400 VALIDATION_ERROR.
                 * @example br_old_town
                 */
                branchId?: string;
                /**
                 * @description Only tables of this zone (e.g. terrace or interior).
                 * @example zone_terrace
                 */
                zoneId?: string;
            };
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active tables. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": TableListResponse;
                };
            };
            /** @description VALIDATION_ERROR: unknown `branchId`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH: the key is valid but belongs to another project than `{slug}` (also when the slug does not exist or is malformed). Operations without a permission requirement give no other 403, except HOST_NOT_ALLOWED from the standalone mock (`Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    listServices: {
        parameters: {
            query?: {
                /**
                 * @description Only services of exactly this branch (a service without a branch is not listed). An unknown branch id is 400 VALIDATION_ERROR.
                 * @example br_old_town
                 */
                branchId?: string;
            };
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active services. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ServiceListResponse;
                };
            };
            /** @description VALIDATION_ERROR: unknown `branchId`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH: the key is valid but belongs to another project than `{slug}` (also when the slug does not exist or is malformed). Operations without a permission requirement give no other 403, except HOST_NOT_ALLOWED from the standalone mock (`Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    getProjectInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project info. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ProjectInfoResponse;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH: the key is valid but belongs to another project than `{slug}` (also when the slug does not exist or is malformed). Operations without a permission requirement give no other 403, except HOST_NOT_ALLOWED from the standalone mock (`Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    listGalleryPhotos: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of photos to return (default 50). At most 100 are returned: a larger value, of any size, is clamped to 100 and never rejected (so the schema declares no `maximum`). A value below 1, or not an integer, is 400 VALIDATION_ERROR.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description Number of records to skip (default 0). A negative value, or not an integer, is 400 VALIDATION_ERROR. Any size is accepted: an offset at or beyond `total` gives an empty page with the right `total`, never a 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page of photos. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": PhotoListResponse;
                };
            };
            /** @description VALIDATION_ERROR: `limit` or `offset` is not an integer, `limit` < 1 or `offset` < 0. A large `limit` or `offset` is never an error (see the parameters). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH (key of another project), PERMISSION_DENIED (key lacks Media), or HOST_NOT_ALLOWED (standalone mock: `Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    listReviews: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of reviews to return (default 20). At most 50 are returned: a larger value, of any size, is clamped to 50 and never rejected (so the schema declares no `maximum`). A value below 1, or not an integer, is 400 VALIDATION_ERROR.
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description Number of records to skip (default 0). A negative value, or not an integer, is 400 VALIDATION_ERROR. Any size is accepted: an offset at or beyond `total` gives an empty page with the right `total`, never a 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path: {
                /**
                 * @description URL slug of the project (lower-case letters, digits and `-`). Any value is accepted here: if it is not the API key's project (whether or not such a project exists, and also when it is malformed, e.g. `Demo_Bistro`) the answer is 403 PROJECT_MISMATCH, never a 404 or a 400, so projects cannot be enumerated. That is why the parameter declares no pattern.
                 * @example demo-bistro
                 */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page of reviews with the rating summary. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ReviewListResponse;
                };
            };
            /** @description VALIDATION_ERROR: `limit` or `offset` is not an integer, `limit` < 1 or `offset` < 0. A large `limit` or `offset` is never an error (see the parameters). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description API_KEY_MISSING (`X-API-Key` header absent or empty) or API_KEY_INVALID (key unknown, revoked or regenerated). Checked first. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description PROJECT_MISMATCH (key of another project), PERMISSION_DENIED (key lacks Media), or HOST_NOT_ALLOWED (standalone mock: `Host` header not allowed). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description RATE_LIMITED: too many requests. The service may return it under load; the mock injects it with its fault controls (`POST /__mock/faults`). `Retry-After` gives the seconds to wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description Seconds to wait before retrying.
                     * @example 30
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
            /** @description INTERNAL_ERROR: the service failed (any 5xx status: 500, 502, 503, 504, with this body). The service may return it under load or on failure; the mock injects it with its fault controls (`POST /__mock/faults`). The SDK retries GET requests after 500, 502, 503 and 504. Declared as `default` rather than `5XX` because several client generators cannot read range keys. */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ErrorBody;
                };
            };
        };
    };
    reservationCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lower-case hex HMAC-SHA256 of the exact request body bytes, keyed with
                 *     the UTF-8 bytes of the signing secret (`whsec_…`). Compare it (in constant time) with the value
                 *     computed over the raw body.
                 *
                 *     Test vector: secret `whsec_demo_bistro`, body
                 *     `{"event":"reservation.completed","timestamp":"2026-06-15T12:05:00.000Z","projectId":"prj_demo_bistro","data":{"reservation":{"id":"res_k3m9x2p7","status":"COMPLETED"}}}`
                 *     → `sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379`.
                 * @example sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379
                 */
                "X-Webhook-Signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The delivery's id, `whd_` followed by an opaque string: the same on every attempt and on every
                 *     redelivery of one delivery. The SDK's `constructWebhookEvent(body, headers, secret)` returns it
                 *     as `deliveryId`, and its deduplicator uses it when present.
                 *
                 *     The mock's ids are `whd_` followed by 16 random lower-case hex digits (64 bits): never reused by
                 *     any world (the root mock, a session, the mock after a reset) of any mock process, so a receiver
                 *     shared by several worlds can deduplicate by it. Deliveries of a mock's session also carry
                 *     `X-Mock-Session: <session id>`, a mock-only header the real service never sends.
                 * @example whd_3f9a1c07b2e4d865
                 */
                "X-Webhook-Delivery": components["parameters"]["WebhookDelivery"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": ReservationCreatedEvent;
            };
        };
        responses: {
            /** @description Any 2xx answer within 5 seconds acknowledges the event and ends the delivery. A non-2xx answer, a network error or no answer within 5 s is a failed attempt and triggers a retry (attempts at 0, 1, 6, 36 and 156 minutes; failed after the 5th). The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reservationConfirmed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lower-case hex HMAC-SHA256 of the exact request body bytes, keyed with
                 *     the UTF-8 bytes of the signing secret (`whsec_…`). Compare it (in constant time) with the value
                 *     computed over the raw body.
                 *
                 *     Test vector: secret `whsec_demo_bistro`, body
                 *     `{"event":"reservation.completed","timestamp":"2026-06-15T12:05:00.000Z","projectId":"prj_demo_bistro","data":{"reservation":{"id":"res_k3m9x2p7","status":"COMPLETED"}}}`
                 *     → `sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379`.
                 * @example sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379
                 */
                "X-Webhook-Signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The delivery's id, `whd_` followed by an opaque string: the same on every attempt and on every
                 *     redelivery of one delivery. The SDK's `constructWebhookEvent(body, headers, secret)` returns it
                 *     as `deliveryId`, and its deduplicator uses it when present.
                 *
                 *     The mock's ids are `whd_` followed by 16 random lower-case hex digits (64 bits): never reused by
                 *     any world (the root mock, a session, the mock after a reset) of any mock process, so a receiver
                 *     shared by several worlds can deduplicate by it. Deliveries of a mock's session also carry
                 *     `X-Mock-Session: <session id>`, a mock-only header the real service never sends.
                 * @example whd_3f9a1c07b2e4d865
                 */
                "X-Webhook-Delivery": components["parameters"]["WebhookDelivery"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": ReservationConfirmedEvent;
            };
        };
        responses: {
            /** @description Any 2xx answer within 5 seconds acknowledges the event and ends the delivery. A non-2xx answer, a network error or no answer within 5 s is a failed attempt and triggers a retry (attempts at 0, 1, 6, 36 and 156 minutes; failed after the 5th). The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reservationCancelled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lower-case hex HMAC-SHA256 of the exact request body bytes, keyed with
                 *     the UTF-8 bytes of the signing secret (`whsec_…`). Compare it (in constant time) with the value
                 *     computed over the raw body.
                 *
                 *     Test vector: secret `whsec_demo_bistro`, body
                 *     `{"event":"reservation.completed","timestamp":"2026-06-15T12:05:00.000Z","projectId":"prj_demo_bistro","data":{"reservation":{"id":"res_k3m9x2p7","status":"COMPLETED"}}}`
                 *     → `sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379`.
                 * @example sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379
                 */
                "X-Webhook-Signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The delivery's id, `whd_` followed by an opaque string: the same on every attempt and on every
                 *     redelivery of one delivery. The SDK's `constructWebhookEvent(body, headers, secret)` returns it
                 *     as `deliveryId`, and its deduplicator uses it when present.
                 *
                 *     The mock's ids are `whd_` followed by 16 random lower-case hex digits (64 bits): never reused by
                 *     any world (the root mock, a session, the mock after a reset) of any mock process, so a receiver
                 *     shared by several worlds can deduplicate by it. Deliveries of a mock's session also carry
                 *     `X-Mock-Session: <session id>`, a mock-only header the real service never sends.
                 * @example whd_3f9a1c07b2e4d865
                 */
                "X-Webhook-Delivery": components["parameters"]["WebhookDelivery"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": ReservationCancelledEvent;
            };
        };
        responses: {
            /** @description Any 2xx answer within 5 seconds acknowledges the event and ends the delivery. A non-2xx answer, a network error or no answer within 5 s is a failed attempt and triggers a retry (attempts at 0, 1, 6, 36 and 156 minutes; failed after the 5th). The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reservationCompleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lower-case hex HMAC-SHA256 of the exact request body bytes, keyed with
                 *     the UTF-8 bytes of the signing secret (`whsec_…`). Compare it (in constant time) with the value
                 *     computed over the raw body.
                 *
                 *     Test vector: secret `whsec_demo_bistro`, body
                 *     `{"event":"reservation.completed","timestamp":"2026-06-15T12:05:00.000Z","projectId":"prj_demo_bistro","data":{"reservation":{"id":"res_k3m9x2p7","status":"COMPLETED"}}}`
                 *     → `sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379`.
                 * @example sha256=1e7ef8dc80d995863efdbc054ef6da60f62ce210e6caa8368943923d84336379
                 */
                "X-Webhook-Signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The delivery's id, `whd_` followed by an opaque string: the same on every attempt and on every
                 *     redelivery of one delivery. The SDK's `constructWebhookEvent(body, headers, secret)` returns it
                 *     as `deliveryId`, and its deduplicator uses it when present.
                 *
                 *     The mock's ids are `whd_` followed by 16 random lower-case hex digits (64 bits): never reused by
                 *     any world (the root mock, a session, the mock after a reset) of any mock process, so a receiver
                 *     shared by several worlds can deduplicate by it. Deliveries of a mock's session also carry
                 *     `X-Mock-Session: <session id>`, a mock-only header the real service never sends.
                 * @example whd_3f9a1c07b2e4d865
                 */
                "X-Webhook-Delivery": components["parameters"]["WebhookDelivery"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": ReservationCompletedEvent;
            };
        };
        responses: {
            /** @description Any 2xx answer within 5 seconds acknowledges the event and ends the delivery. A non-2xx answer, a network error or no answer within 5 s is a failed attempt and triggers a retry (attempts at 0, 1, 6, 36 and 156 minutes; failed after the 5th). The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
