import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { giveElementsLayout } from "./layout";
import { installMatchMedia, resetMediaQueries } from "./match-media";

// What jsdom lacks and the widgets need, for every jsdom test (see each module).
giveElementsLayout();
installMatchMedia();
afterEach(() => {
  resetMediaQueries();
  // A page's history entries (the register wizard's steps) belong to that page: the next test starts on a fresh one.
  window.history.replaceState(null, "", "/");
});
