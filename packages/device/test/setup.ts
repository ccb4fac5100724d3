// Setup of every device test file: what a file's tests leave behind is ended after each test and removed after the
// file (the files of a worker share one module graph: vitest.config.ts, isolate false).
import { afterAll, afterEach } from "vitest";
import { removeTempDirs } from "./helpers.ts";
import { endPrograms } from "./timing-helpers.ts";

afterEach(endPrograms);
afterAll(removeTempDirs);
