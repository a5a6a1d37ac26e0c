// Issue 26 item 1: the operator console's pages (apps/console, built to apps/console/dist).

export type { ConsoleExposure } from './console-exposure';
export { consoleOrigins, isConsolePath, registerConsoleExposure } from './console-exposure';
export type { ConsoleOptions } from './console-routes';
export { CONSOLE_ASSETS_PREFIX, CONSOLE_PATH, registerConsole } from './console-routes';
