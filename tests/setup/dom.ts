import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { giveElementsLayout } from "./layout";
import { installMatchMedia, resetMediaQueries } from "./match-media";

// What jsdom lacks and the widgets need, for every jsdom test (see each module).
giveElementsLayout();
installMatchMedia();
afterEach(() => resetMediaQueries());
