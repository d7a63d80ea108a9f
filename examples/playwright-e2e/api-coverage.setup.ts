// playwright.config.ts's globalSetup: after the last worker, merges what every worker's session
// covered of the API (`use.mockCoverage`) into one report, prints it and fails below the threshold.
export { mockCoverageGlobalSetup as default } from '@reservation-api/mock-server/playwright';
