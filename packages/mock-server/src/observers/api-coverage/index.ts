export {
  type CoverageCounter,
  type CoverageDelivery,
  type CoverageItem,
  type CoverageOutcome,
  type CoverageReport,
  createCoverageCounter,
  type RefusedGroup,
} from './counter';
export {
  coverageByKind,
  coverageMarkdown,
  coveragePercent,
  coverageTable,
  mergeCoverage,
  printable,
} from './report';
export {
  type CoverageKind,
  type CoverageSources,
  type CoverageSpace,
  contractCoverageSources,
  coverageSpace,
  sharedCoverageSpace,
} from './space';
