import { childNodesOf } from "../../../../widgets/lib/dom";

describe("childNodesOf", () => {
  it("returns a snapshot array of the element's child nodes, text included", () => {
    const panel = document.createElement("div");
    panel.innerHTML = "Intro <strong>bold</strong> end";
    const nodes = childNodesOf(panel);
    expect(nodes.map((node) => node.textContent)).toEqual(["Intro ", "bold", " end"]);
    document.createElement("section").append(...nodes);
    expect(nodes).toHaveLength(3);
    expect(panel.childNodes).toHaveLength(0);
  });

  it("returns an empty array for a missing element", () => {
    expect(childNodesOf(null)).toEqual([]);
  });
});
