export interface VatBreakdown {
  netPence: number;
  vatPence: number;
  grossPence: number;
}

/**
 * Prices are VAT-inclusive (the spec's plans are gross amounts): the net is
 * the gross without VAT, rounded to the penny, and VAT is what is left, so
 * net + VAT is always exactly the gross. £250.00 at 20% is £208.33 + £41.67.
 */
export function vatBreakdown(grossPence: number, ratePercent: number): VatBreakdown {
  const netPence = Math.round((grossPence * 100) / (100 + ratePercent));
  return { netPence, vatPence: grossPence - netPence, grossPence };
}
