// Browser entry: everything of the main entry plus startBrowserMock().
export * from './adapters/msw-browser';
export * from './index';
