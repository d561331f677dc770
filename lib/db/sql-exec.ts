// The one shape of a statement runner inside a transaction: sqlTx hands it to hot paths written in SQL,
// and the write fence runs on it before COMMIT. Its own module, so both can import it.

/** Runs one SQL statement inside a transaction and returns its rows. */
export type SqlExec = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
