/** The register file as a whole cannot be imported (unreadable, wrong encoding, missing columns): nothing of it is written. */
export class EstablishmentFileError extends Error {}
