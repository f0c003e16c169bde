/**
 * The membership plans and their prices (accounts spec, section 9), as the
 * register page lists them. Minimal page-side version: the payments core
 * owns the pricing rules the server trusts; the browser only shows these.
 */
export interface PlanOption {
  planType: "individual-annual" | "individual-monthly" | "school-annual";
  label: string;
  /** The most users this option covers (its seat ceiling); null when it is not counted in users. */
  users: number | null;
  priceText: string;
  price: number;
  note?: string;
}

const annual = (price: number) => `Annual plan £${price.toFixed(2)}`;

export function planOptions(): PlanOption[] {
  return [
    { planType: "individual-annual", label: "Individual, yearly", users: 1, priceText: annual(60), price: 60 },
    { planType: "individual-monthly", label: "Individual, pay monthly", users: 1, priceText: `Monthly plan £${(39.99).toFixed(2)}`, price: 39.99 },
    { planType: "school-annual", label: "1 user", users: 1, priceText: annual(60), price: 60 },
    { planType: "school-annual", label: "2–5 users", users: 5, priceText: annual(250), price: 250 },
    { planType: "school-annual", label: "6–10 users", users: 10, priceText: annual(400), price: 400, note: "Save 20%" },
  ];
}
