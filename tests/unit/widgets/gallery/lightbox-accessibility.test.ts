import {
  enhancePlayControl,
  labelPosterImage,
  playButtonClass,
  restoreThumbnailAlts,
} from "../../../../widgets/gallery/lightbox-accessibility";

// lightGallery's own poster markup (utils.getVideoPosterMarkup), trimmed.
function posterSlide(): HTMLElement {
  const slide = document.createElement("div");
  slide.className = "lg-item lg-current";
  slide.innerHTML = `
    <div class="lg-video-cont lg-has-html5">
      <div class="lg-video-play-button">
        <svg viewBox="0 0 20 20" focusable="false" aria-labelledby="Play video" role="img" class="lg-video-play-icon"><title>Play video</title></svg>
        <svg class="lg-video-play-icon-bg" viewBox="0 0 50 50" focusable="false"></svg>
      </div>
      <img class="lg-object lg-video-poster" src="/poster.jpg" />
    </div>`;
  document.body.append(slide);
  return slide;
}

afterEach(() => document.body.replaceChildren());

describe("enhancePlayControl", () => {
  it("adds one labelled button over lightGallery's play mark and hides the mark's broken SVG label", () => {
    const slide = posterSlide();
    enhancePlayControl(slide, "Play video", () => {});
    enhancePlayControl(slide, "Play video", () => {});
    const buttons = slide.querySelectorAll(`button.${playButtonClass}`);
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAttribute("type", "button");
    expect(buttons[0]).toHaveAccessibleName("Play video");
    for (const icon of slide.querySelectorAll("svg")) {
      expect(icon).toHaveAttribute("aria-hidden", "true");
      expect(icon).not.toHaveAttribute("aria-labelledby");
      expect(icon).not.toHaveAttribute("role");
    }
  });

  it("plays on Enter and Space, then moves focus to the video lightGallery added", () => {
    const slide = posterSlide();
    const play = vi.fn(() => {
      slide.querySelector(".lg-video-cont")?.append(Object.assign(document.createElement("video"), { controls: true }));
    });
    enhancePlayControl(slide, "Play video", play);
    const button = slide.querySelector<HTMLButtonElement>(`.${playButtonClass}`)!;
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    button.dispatchEvent(enter);
    expect(play).toHaveBeenCalledTimes(1);
    expect(enter.defaultPrevented).toBe(true);
    expect(slide.querySelector("video")).toHaveFocus();
    expect(slide.querySelector("video")).toHaveAttribute("tabindex", "0");

    button.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true }));
    button.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true }));
    expect(play).toHaveBeenCalledTimes(2);
  });

  it("does nothing on a slide without a play mark", () => {
    const slide = document.createElement("div");
    slide.innerHTML = '<picture class="lg-img-wrap"><img class="lg-object lg-image" src="/a.jpg" alt="A"></picture>';
    enhancePlayControl(slide, "Play video", () => {});
    expect(slide.querySelector("button")).toBeNull();
  });
});

describe("labelPosterImage", () => {
  it("gives the poster its item's alt text", () => {
    const slide = posterSlide();
    labelPosterImage(slide, "Macbeth trailer");
    expect(slide.querySelector("img.lg-video-poster")).toHaveAttribute("alt", "Macbeth trailer");
  });
});

describe("restoreThumbnailAlts", () => {
  it("sets each thumbnail's alt to its item's plain text, in order", () => {
    const container = document.createElement("div");
    container.innerHTML = '<div class="lg-thumb-item"><img alt="Tom &amp;amp; Jerry"></div><div class="lg-thumb-item"><img alt=""></div>';
    restoreThumbnailAlts(container, ["Tom & Jerry", 'The "crown"']);
    const images = container.querySelectorAll("img");
    expect(images[0]).toHaveAttribute("alt", "Tom & Jerry");
    expect(images[1]).toHaveAttribute("alt", 'The "crown"');
  });
});
