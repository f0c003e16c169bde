import { useCallback, useEffect, useLayoutEffect, useRef, useState, type JSX, type KeyboardEvent } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import type { AccountTabsProps } from "./parse";
import { scrollTabIntoRow } from "./scroll-tab-into-row";
import { idFromHash, initialTabId, panelIdHolding, tabIndexForKey } from "./tab-selection";

/**
 * WAI-ARIA APG tabs (automatic activation) over the page's sections. The URL
 * hash selects the tab; choosing a tab replaces the hash with
 * history.replaceState, so tabs add no history entries and Back leaves the
 * page. Each section's content, nested widgets included, is moved into its
 * panel, never copied.
 */
export default function AccountTabs({ label, initialTab, panels }: WidgetProps<AccountTabsProps>): JSX.Element {
  const [selectedId, setSelectedId] = useState(() =>
    initialTabId(
      panels.map((panel) => panel.id),
      { hashTarget: tabForHash(panels, window.location.hash), initialTab },
    ),
  );
  const tabButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabRow = useRef<HTMLDivElement | null>(null);

  // However it was chosen (the address, a click, the arrow keys), the selected tab is in view in its row.
  useLayoutEffect(() => {
    const tab = tabButtons.current[panels.findIndex((panel) => panel.id === selectedId)];
    if (tab && tabRow.current) scrollTabIntoRow(tabRow.current, tab);
  }, [panels, selectedId]);

  // A link to a section (or to something in one) elsewhere on the page, or an edited address, switches tab.
  useEffect(() => {
    const followHash = () => {
      const target = tabForHash(panels, window.location.hash);
      if (target) setSelectedId(target);
    };
    window.addEventListener("hashchange", followHash);
    return () => window.removeEventListener("hashchange", followHash);
  }, [panels]);

  const select = useCallback((id: string) => {
    setSelectedId(id);
    const url = new URL(window.location.href);
    url.hash = id;
    window.history.replaceState(window.history.state, "", url);
  }, []);

  function moveWithKeys(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const target = tabIndexForKey(event.key, index, panels.length);
    if (target === null) return;
    event.preventDefault();
    const panel = panels[target];
    if (!panel) return;
    select(panel.id);
    tabButtons.current[target]?.focus();
  }

  return (
    <>
      <div className="account-tabs__tablist" role="tablist" aria-label={label} ref={tabRow}>
        {panels.map((panel, index) => {
          const selected = panel.id === selectedId;
          return (
            <button
              key={panel.id}
              ref={(button) => {
                tabButtons.current[index] = button;
              }}
              type="button"
              role="tab"
              id={`${panel.id}-tab`}
              className="account-tabs__tab"
              aria-selected={selected}
              aria-controls={panel.id}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(panel.id)}
              onKeyDown={(event) => moveWithKeys(event, index)}
            >
              {panel.label}
            </button>
          );
        })}
      </div>
      {panels.map((panel) => (
        <AdoptedContent
          key={panel.id}
          as="div"
          id={panel.id}
          role="tabpanel"
          className="account-tabs__panel"
          aria-labelledby={`${panel.id}-tab`}
          tabIndex={0}
          hidden={panel.id !== selectedId}
          nodes={panel.content}
        />
      ))}
    </>
  );
}

/** The tab a #hash names: a panel's own id, or the panel holding the element it names. */
function tabForHash(panels: AccountTabsProps["panels"], hash: string): string | null {
  const target = idFromHash(hash);
  return panels.some((panel) => panel.id === target) ? target : panelIdHolding(panels, target);
}
