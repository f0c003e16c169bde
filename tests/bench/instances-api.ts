/**
 * The instances API scenarios: the calendar's own request for this week (one
 * week, the calendar's fields), without and with a filter. Each name says how
 * many items a response holds, so the figures can be read against the data.
 */
export interface Scenario {
  name: string;
  url: string;
  /** When set, each request takes the next of these paths (same host as `url`), in turn: a different question every time. */
  paths?: readonly string[];
  /** Sent with every request of the row (and the transfer check): a signed-in member's Cookie. */
  headers?: Record<string, string>;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function instancesApiScenarios(baseUrl: string): Promise<Scenario[]> {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  const week = `${baseUrl}/api/attendable/v1/instances/?fields=_,id,start_datetime,end_datetime,calendar_html&start_date=${isoDate(monday)}&end_date=${isoDate(sunday)}`;
  const scenarios = [
    { label: "one week", url: week },
    { label: "one week, venue filter", url: `${week}&venue=main-house` },
  ];
  return Promise.all(
    scenarios.map(async ({ label, url }) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const { items } = (await response.json()) as { items: unknown[] };
      return { name: `GET instances API, ${label} (${items.length} items)`, url };
    }),
  );
}
