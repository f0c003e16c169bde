/** What the site made of a provider's notification; the route turns it into a status. */
export type NotificationResult = { kind: "accepted" } | { kind: "refused"; reason: string } | { kind: "unknown-provider" };
