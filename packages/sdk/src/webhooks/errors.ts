/** The signature header is missing, malformed, does not match any secret, or the event is too old. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError' as const;
}

/** The body is not what a Reservation API webhook sends: not raw bytes, not JSON, or not a known event shape. */
export class WebhookPayloadError extends Error {
  override readonly name = 'WebhookPayloadError' as const;
  /** "path: problem" lines when the JSON did not match the event schema. */
  // `declare`: set in the constructor only, so no separate field initialiser is emitted (bytes count here).
  declare readonly issues: readonly string[];
  constructor(message: string, issues: readonly string[] = []) {
    super(message);
    this.issues = issues;
  }
}
