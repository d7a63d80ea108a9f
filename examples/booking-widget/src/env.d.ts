/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `mock` (default) or `proxy`; the `?mode=` query parameter overrides it. */
  readonly VITE_API_MODE?: string;
  /** Project slug (default demo-bistro); the `?project=` query parameter overrides it. */
  readonly VITE_PROJECT_SLUG?: string;
}
