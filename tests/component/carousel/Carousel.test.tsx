import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Carousel from "../../../widgets/carousel/Carousel";
import { parseCarousel } from "../../../widgets/carousel/parse";
import Disclosure from "../../../widgets/lib/Disclosure";
import { parseDisclosure } from "../../../widgets/disclosure/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";
import { setMediaQuery } from "../../setup/match-media";

const reducedMotion = "(prefers-reduced-motion: reduce)";
const plays = ["Macbeth", "Blood Brothers", "An Inspector Calls", "The Tempest", "Kindling", "Scratch Night", "Our Country's Good"];
const slides = plays.map((title, index) => ({ html: `<a href="/whats-on/play-${index + 1}/">${title}</a>` }));

function mountCarousel(params: Record<string, unknown> = {}) {
  const markup = renderMacro("carousel", "carousel", { id: "on-stage", label: "On stage soon", slides, ...params });
  return mountWidget(insertMarkup(markup, "carousel"), parseCarousel, Carousel).root;
}

const region = () => screen.getByRole("region", { name: "On stage soon" });
const nextButton = () => screen.getByRole("button", { name: /^(Next slide|Go to first slide)$/ });
const previousButton = () => screen.getByRole("button", { name: /^(Previous slide|Go to last slide)$/ });
const progressBar = (root: HTMLElement) => root.querySelector<HTMLElement>(".carousel__progress-bar")!;
const track = (root: HTMLElement) => root.querySelector<HTMLElement>(".carousel__track")!;
const activeSlide = () => document.querySelector(".carousel__slide.is-active");

afterEach(() => {
  document.body.replaceChildren();
});

describe("carousel", () => {
  it("is a region with the carousel role description, named by the list's label", () => {
    mountCarousel();
    expect(region()).toHaveAttribute("aria-roledescription", "carousel");
    expect(region()).toHaveClass("carousel__splide");
  });

  it('makes each slide a group named "N of M" with the slide role description', () => {
    mountCarousel();
    const groups = within(region()).getAllByRole("group");
    expect(groups).toHaveLength(7);
    expect(groups[0]).toHaveAccessibleName("1 of 7");
    expect(groups[6]).toHaveAccessibleName("7 of 7");
    for (const group of groups) {
      expect(group).toHaveAttribute("aria-roledescription", "slide");
      expect(group).toHaveClass("carousel__slide");
    }
  });

  it("has previous and next buttons that control the slides", () => {
    mountCarousel();
    const trackId = track(document.body).id;
    expect(nextButton()).toHaveAccessibleName("Next slide");
    expect(nextButton()).toHaveAttribute("aria-controls", trackId);
    // On the first page Previous goes round to the end, and says so.
    expect(previousButton()).toHaveAccessibleName("Go to last slide");
    expect(previousButton()).toHaveAttribute("aria-controls", trackId);
  });

  it("moves a page with Next and Previous and fills the progress bar to (index + 1) / pages", async () => {
    const user = userEvent.setup();
    const root = mountCarousel();
    // 7 slides, 3 to a page: Splide can move to index 0 to 4, so 5 pages.
    expect(progressBar(root).style.width).toBe("20%");
    expect(activeSlide()).toHaveAccessibleName("1 of 7");

    await user.click(nextButton());
    expect(activeSlide()).toHaveAccessibleName("4 of 7");
    expect(progressBar(root).style.width).toBe("80%");

    await user.click(previousButton());
    expect(activeSlide()).toHaveAccessibleName("1 of 7");
    expect(progressBar(root).style.width).toBe("20%");

    // Previous on the first page goes round to the last, where the bar is full.
    await user.click(previousButton());
    expect(activeSlide()).toHaveAccessibleName("5 of 7");
    expect(progressBar(root).style.width).toBe("100%");
    expect(nextButton()).toHaveAccessibleName("Go to first slide");
  });

  it("works from the keyboard: Enter on Next moves the slides", async () => {
    const user = userEvent.setup();
    const root = mountCarousel();
    nextButton().focus();
    await user.keyboard("{Enter}");
    expect(activeSlide()).toHaveAccessibleName("4 of 7");
    expect(progressBar(root).style.width).toBe("80%");
  });

  it("takes data-per-page: that many slides a page, so the page count changes", () => {
    const root = mountCarousel({ perPage: 1 });
    expect(root).toHaveAttribute("data-per-page", "1");
    expect(progressBar(root).style.width).toBe(`${Number(((1 / 7) * 100).toFixed(4))}%`);
  });

  it("moves the page's slide content into the carousel, not copies", () => {
    const root = insertMarkup(renderMacro("carousel", "carousel", { id: "on-stage", label: "On stage soon", slides }), "carousel");
    const serverLink = root.querySelector('a[href="/whats-on/play-2/"]');
    mountWidget(root, parseCarousel, Carousel);
    expect(screen.getByRole("link", { name: "Blood Brothers" })).toBe(serverLink);
    expect(within(screen.getByRole("group", { name: "2 of 7" })).getByRole("link")).toBe(serverLink);
  });

  it("keeps a widget nested in a slide working", async () => {
    const user = userEvent.setup();
    const nested = renderMacro("disclosure", "disclosure", {
      id: "cast",
      buttonText: "Cast",
      html: "<p>Kwame Asante and Helen Brady.</p>",
    });
    const root = insertMarkup(
      renderMacro("carousel", "carousel", { id: "on-stage", label: "On stage soon", slides: [{ html: nested }, ...slides] }),
      "carousel",
    );
    mountWidget(root.querySelector<HTMLElement>('[data-widget="disclosure"]')!, parseDisclosure, Disclosure);
    const disclosureButton = screen.getByRole("button", { name: "Cast" });
    mountWidget(root, parseCarousel, Carousel);
    expect(screen.getByRole("group", { name: "1 of 8" })).toContainElement(disclosureButton);
    await user.click(disclosureButton);
    expect(screen.getByText("Kwame Asante and Helen Brady.")).toBeVisible();
  });

  it("takes its strings from data-i18n-* attributes", () => {
    mountCarousel({
      strings: { nextLabel: "Diapositive suivante", slideLabel: "Diapositive {number} sur {total}" },
    });
    expect(screen.getByRole("button", { name: "Diapositive suivante" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Diapositive 3 sur 7" })).toBeInTheDocument();
  });

  it("has no pause control and never rotates without data-autoplay", () => {
    const root = mountCarousel();
    expect(screen.queryByRole("button", { name: /slide show/ })).not.toBeInTheDocument();
    expect(track(root)).toHaveAttribute("aria-live", "polite");
  });
});

// Splide's live region tells whether it is rotating: "off" while the slides move on their own.
describe("carousel with data-autoplay", () => {
  it("plays, with a pause control first in the tab order", async () => {
    const user = userEvent.setup();
    const root = mountCarousel({ autoplay: true });
    expect(track(root)).toHaveAttribute("aria-live", "off");
    await user.tab();
    expect(screen.getByRole("button", { name: "Pause slide show" })).toHaveFocus();
    // Focus on the control itself does not hold the slides still.
    expect(track(root)).toHaveAttribute("aria-live", "off");
  });

  it("pauses and plays again from its control", async () => {
    const user = userEvent.setup();
    const root = mountCarousel({ autoplay: true });
    await user.click(screen.getByRole("button", { name: "Pause slide show" }));
    fireEvent.mouseLeave(root);
    expect(track(root)).toHaveAttribute("aria-live", "polite");
    const play = screen.getByRole("button", { name: "Play slide show" });
    expect(play).toHaveAttribute("aria-controls", track(root).id);

    await user.click(play);
    fireEvent.mouseLeave(root);
    expect(screen.getByRole("button", { name: "Pause slide show" })).toBeInTheDocument();
    expect(track(root)).toHaveAttribute("aria-live", "off");
  });

  it("holds still while the pointer is over it", () => {
    const root = mountCarousel({ autoplay: true });
    fireEvent.mouseEnter(root);
    expect(track(root)).toHaveAttribute("aria-live", "polite");
    // Only a hold: the control still offers Pause.
    expect(screen.getByRole("button", { name: "Pause slide show" })).toBeInTheDocument();
    fireEvent.mouseLeave(root);
    expect(track(root)).toHaveAttribute("aria-live", "off");
  });

  it("holds still while keyboard focus is on a slide or an arrow", async () => {
    const user = userEvent.setup();
    const root = mountCarousel({ autoplay: true });
    await user.tab(); // the pause control
    await user.tab(); // Previous
    expect(previousButton()).toHaveFocus();
    expect(track(root)).toHaveAttribute("aria-live", "polite");
    await user.tab({ shift: true }); // back to the pause control
    expect(track(root)).toHaveAttribute("aria-live", "off");
    act(() => screen.getByRole("link", { name: "Macbeth" }).focus());
    expect(track(root)).toHaveAttribute("aria-live", "polite");
    act(() => screen.getByRole("link", { name: "Macbeth" }).blur());
    expect(track(root)).toHaveAttribute("aria-live", "off");
  });

  it("does not start under prefers-reduced-motion, but plays if the visitor asks", async () => {
    const user = userEvent.setup();
    setMediaQuery(reducedMotion, true);
    const root = mountCarousel({ autoplay: true });
    expect(track(root)).toHaveAttribute("aria-live", "polite");
    await user.click(screen.getByRole("button", { name: "Play slide show" }));
    fireEvent.mouseLeave(root);
    expect(track(root)).toHaveAttribute("aria-live", "off");
  });

  it("stops when the visitor turns on reduced motion while on the page", () => {
    const root = mountCarousel({ autoplay: true });
    expect(track(root)).toHaveAttribute("aria-live", "off");
    act(() => setMediaQuery(reducedMotion, true));
    expect(track(root)).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("button", { name: "Play slide show" })).toBeInTheDocument();
  });

  it("moves on by itself every 5 seconds", () => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance", "Date", "setTimeout"] });
    try {
      mountCarousel({ autoplay: true });
      act(() => vi.advanceTimersByTime(4_900));
      expect(activeSlide()).toHaveAccessibleName("1 of 7");
      act(() => vi.advanceTimersByTime(200));
      expect(activeSlide()).toHaveAccessibleName("4 of 7");
    } finally {
      vi.useRealTimers();
    }
  });
});
