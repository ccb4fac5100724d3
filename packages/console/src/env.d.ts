// Build-time constants injected by vite.config.ts.
declare const __COMPILE_TIME__: string;
