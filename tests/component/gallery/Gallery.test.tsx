import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  clearLeftoverTimersAfterAll,
  cleanUpGallery,
  currentSlide,
  lightboxDialog,
  mountGallery,
  photos,
  pressEscape,
  thumbnailLink,
  trailer,
  waitForOpenLightbox,
} from "./gallery-harness";

clearLeftoverTimersAfterAll();
afterEach(cleanUpGallery);

const slideImage = () => currentSlide().querySelector<HTMLImageElement>("img.lg-object");

// lightGallery animates with real timers (300 ms backdrop, 400 ms slides): these tests wait for them.
describe("gallery", { timeout: 20_000 }, () => {
  it("keeps each item a link to its full file, moving the page's thumbnail and caption in", () => {
    const markup = mountGallery();
    const links = within(markup.root).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(photos.map((photo) => photo.src));
    for (const link of links) expect(link).toHaveAttribute("aria-haspopup", "dialog");
    expect(screen.getByRole("list", { name: "Macbeth photographs" })).toHaveClass("gallery__list");
    // parse() captured the server's nodes; the widget shows those very nodes.
    expect(thumbnailLink("The three witches on the heath").querySelector("img")).toBe(markup.props.items[0]?.mediaNodes.find((node) => node.nodeName === "IMG"));
    expect(screen.getByText("Act 1 Scene 3.").closest("figcaption")).toHaveClass("gallery__caption");
  });

  it("opens the clicked item in a modal dialog named by the gallery's label, with focus inside", async () => {
    const user = userEvent.setup();
    mountGallery();
    await user.click(thumbnailLink("The banquet table"));
    const dialog = await waitForOpenLightbox();
    expect(dialog).toHaveAttribute("role", "dialog");
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("dialog", { name: "Macbeth photographs" })).toBe(dialog);
    expect(slideImage()).toHaveAttribute("src", "/media/banquet.jpg");
    expect(slideImage()).toHaveAttribute("alt", "The banquet table");
    expect(dialog.querySelector(".lg-sub-html")?.innerHTML).toContain("<strong>The banquet</strong>, Act 3.");
  });

  it("moves to the next item, and on Escape closes and returns focus to the opening link", async () => {
    const user = userEvent.setup();
    const { waitForSettledSlides } = mountGallery();
    const opener = thumbnailLink("The banquet table");
    await user.click(opener);
    const dialog = await waitForOpenLightbox();
    await waitForSettledSlides(1);
    await user.click(within(dialog).getByRole("button", { name: "Next slide" }));
    await waitFor(() => expect(slideImage()).toHaveAttribute("src", "/media/crown.jpg"));

    pressEscape();
    await waitFor(() => expect(opener).toHaveFocus());
    await waitFor(() => expect(dialog).not.toHaveClass("lg-show"));
  });

  it("returns focus to the opening link when Close is pressed", async () => {
    const user = userEvent.setup();
    mountGallery();
    const opener = thumbnailLink("The crown on a bare stage");
    await user.click(opener);
    const dialog = await waitForOpenLightbox();
    await user.click(within(dialog).getByRole("button", { name: "Close gallery" }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("gives the gallery a thumbnail strip of the spec's size, maximize, and no download or counter", async () => {
    const user = userEvent.setup();
    mountGallery();
    await user.click(thumbnailLink("The three witches on the heath"));
    const dialog = await waitForOpenLightbox();
    const thumbnails = dialog.querySelectorAll<HTMLElement>(".lg-thumb-item");
    expect(thumbnails).toHaveLength(3);
    expect(thumbnails[0]?.style.width).toBe("100px");
    expect(thumbnails[0]?.style.height).toBe("80px");
    expect(thumbnails[0]?.style.marginRight).toBe("5px");
    expect(thumbnails[1]?.querySelector("img")).toHaveAttribute("src", "/media/banquet-thumb.jpg");
    expect(within(dialog).getByRole("button", { name: "Toggle maximize" })).toBeInTheDocument();
    expect(dialog.querySelector(".lg-download")).toBeNull();
    expect(dialog.querySelector(".lg-counter")).toBeNull();
  });

  it("gives the video item download, a counter and a keyboard Play video button, and no thumbnails", async () => {
    const user = userEvent.setup();
    mountGallery({ kind: "video", label: "Macbeth trailer", items: [trailer] });
    const opener = thumbnailLink("Play the Macbeth trailer");
    expect(opener).toHaveAttribute("href", "/media/trailer.webm");
    await user.click(opener);
    const dialog = await waitForOpenLightbox();
    expect(dialog.querySelector(".lg-thumb-outer")).toBeNull();
    expect(within(dialog).getByRole("link", { name: "Download" })).toHaveAttribute("href", "/media/trailer.webm");
    expect(dialog.querySelector(".lg-counter")?.textContent?.replace(/\s+/g, "")).toBe("1/1");

    await waitFor(() => expect(currentSlide().querySelector("img.lg-video-poster")).toHaveAttribute("alt", "Play the Macbeth trailer"));
    const play = within(currentSlide()).getByRole("button", { name: "Play video" });
    play.focus();
    await user.keyboard("{Enter}");
    const video = currentSlide().querySelector("video");
    expect(video?.querySelector("source")).toHaveAttribute("src", "/media/trailer.webm");
    expect(video).toHaveAttribute("controls");
    expect(video).toHaveFocus();
  });

  it("shows the spec's error text inside the slide when its media fails to load", async () => {
    const user = userEvent.setup();
    mountGallery();
    await user.click(thumbnailLink("The crown on a bare stage"));
    await waitForOpenLightbox();
    fireEvent.error(slideImage()!);
    await waitFor(() => expect(currentSlide()).toHaveTextContent("Oops... Failed to load content..."));
    expect(currentSlide().querySelector(".lg-error-msg")).not.toBeNull();
  });

  it("fetches an item's caption from its URL into the lightbox", async () => {
    const requested: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      requested.push(url);
      return new Response("<p>Banquo's ghost takes the <em>empty</em> chair.</p>", { headers: { "Content-Type": "text/html" } });
    });
    const user = userEvent.setup();
    mountGallery({ items: [photos[0], { ...photos[1], subHtmlUrl: "/captions/banquet.html" }] });
    await user.click(thumbnailLink("The banquet table"));
    const dialog = await waitForOpenLightbox();
    await waitFor(() => expect(dialog.querySelector(".lg-sub-html em")).toHaveTextContent("empty"));
    expect(requested).toEqual(["/captions/banquet.html"]);
  });

  it("keeps the item's own caption, and says so in the console, when the caption URL fails", async () => {
    vi.stubGlobal("fetch", async () => new Response("<h1>Page not found</h1>", { status: 404, headers: { "Content-Type": "text/html" } }));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    mountGallery({ items: [{ ...photos[1], subHtmlUrl: "/captions/missing.html" }] });
    await user.click(thumbnailLink("The banquet table"));
    const dialog = await waitForOpenLightbox();
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("/captions/missing.html"), expect.anything()));
    expect(dialog.querySelector(".lg-sub-html")?.textContent).toContain("The banquet, Act 3.");
    expect(dialog.querySelector(".lg-sub-html")?.textContent).not.toContain("Page not found");
  });

  it("escapes the values lightGallery pastes into its markup", async () => {
    const hostileAlt = `Macbeth "quote" <img src=x onerror=alert(1)> & co`;
    const user = userEvent.setup();
    mountGallery({ items: [{ src: "/media/a.jpg?size=large&crop=1", thumb: "/media/a-thumb.jpg", alt: hostileAlt }] });
    await user.click(thumbnailLink(hostileAlt));
    const dialog = await waitForOpenLightbox();
    expect(currentSlide().querySelectorAll("img")).toHaveLength(1);
    expect(slideImage()).toHaveAttribute("alt", hostileAlt);
    expect(slideImage()).toHaveAttribute("src", "/media/a.jpg?size=large&crop=1");
    expect(dialog.querySelector(".lg-thumb-item img")).toHaveAttribute("alt", hostileAlt);
    expect(dialog.querySelector("img[src=x]")).toBeNull();
  });

  it("leaves Ctrl+click to the browser (a new tab) instead of opening the lightbox", () => {
    mountGallery();
    const notPrevented = fireEvent.click(thumbnailLink("The banquet table"), { ctrlKey: true });
    expect(notPrevented).toBe(true);
    expect(lightboxDialog()).not.toHaveClass("lg-show");
  });

  it("takes its lightbox strings from data-i18n-* attributes", async () => {
    const user = userEvent.setup();
    mountGallery({ i18n: { "close-gallery": "Close the photographs", "next-slide": "Next photograph" } });
    await user.click(thumbnailLink("The banquet table"));
    const dialog = await waitForOpenLightbox();
    expect(within(dialog).getByRole("button", { name: "Close the photographs" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Next photograph" })).toBeInTheDocument();
  });

  it("passes the licence key to lightGallery, which warns only without one", () => {
    const consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mountGallery();
    expect(consoleWarn).not.toHaveBeenCalledWith(expect.stringContaining("license key"));
    cleanup();
    mountGallery({ licenseKey: "" });
    expect(consoleWarn).toHaveBeenCalledWith(expect.stringContaining("license key is not valid for production use"));
  });

  it("removes the lightbox from the page when the widget unmounts", () => {
    const { result } = mountGallery();
    expect(document.querySelectorAll(".lg-container")).toHaveLength(1);
    result.unmount();
    expect(document.querySelectorAll(".lg-container")).toHaveLength(0);
  });
});
