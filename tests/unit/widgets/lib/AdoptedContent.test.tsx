import { render } from "@testing-library/react";
import { AdoptedContent } from "../../../../widgets/lib/AdoptedContent";
import { childNodesOf } from "../../../../widgets/lib/dom";

describe("AdoptedContent", () => {
  it("moves the very same nodes into its element, not copies", () => {
    const source = document.createElement("div");
    source.innerHTML = "<p>Teachers' notes</p><button>Nested</button>";
    const [paragraph, button] = childNodesOf(source);
    const { container } = render(<AdoptedContent nodes={[paragraph!, button!]} as="section" className="panel__body" />);
    const section = container.querySelector("section.panel__body")!;
    expect(section.firstChild).toBe(paragraph);
    expect(section.lastChild).toBe(button);
    expect(source.childNodes).toHaveLength(0);
  });

  it("puts the nodes back exactly where they were on unmount", () => {
    const source = document.createElement("div");
    source.innerHTML = "<h3>Heading</h3><p>one</p><p>two</p><footer>stays</footer>";
    const adopted = Array.from(source.querySelectorAll("p"));
    const { unmount } = render(<AdoptedContent nodes={adopted} />);
    expect(source.innerHTML).toBe("<h3>Heading</h3><footer>stays</footer>");
    unmount();
    expect(source.innerHTML).toBe("<h3>Heading</h3><p>one</p><p>two</p><footer>stays</footer>");
    expect(source.children[1]).toBe(adopted[0]);
  });

  it("keeps listeners on adopted nodes working", () => {
    const source = document.createElement("div");
    source.innerHTML = "<button>Book</button>";
    const button = source.querySelector("button")!;
    const onClick = vi.fn();
    button.addEventListener("click", onClick);
    const { container } = render(<AdoptedContent nodes={[button]} />);
    container.querySelector("button")!.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
