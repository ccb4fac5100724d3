// Unit-test setup of the console: jest-dom matchers, every render in StrictMode, and a clean DOM after each test.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ reactStrictMode: true });
afterEach(() => cleanup());
