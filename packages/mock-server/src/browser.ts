// Browser entry: everything of the main entry plus startBrowserMock().

export * from './index';
export * from './transports/msw-browser';
