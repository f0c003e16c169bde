/** Who sells: printed at the head of every invoice and receipt (configuration: SELLER_*, VAT_RATE_PERCENT, BANK_*). */
export interface SellerDetails {
  legalName: string;
  addressLines: string[];
  vatNumber: string;
  vatRatePercent: number;
  bank: { accountName: string; sortCode: string; accountNumber: string };
}

/** A line of a document: prices are VAT-inclusive. */
export interface DocumentLine {
  description: string;
  quantity: number;
  unitGrossPence: number;
}
