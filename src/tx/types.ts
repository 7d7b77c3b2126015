// The transaction object of a quote response (spec 2.2).

export interface QuoteTx {
  from: string;
  to: string;
  data: string;
  /** Native coin sent, in wei as decimal digits. */
  value: string;
}
