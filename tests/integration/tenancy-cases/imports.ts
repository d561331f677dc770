// The tenancy rows of tenancy-imports.test.ts: each import endpoint another company's caller must get
// 404 from, with nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.

/** The company the path names: by id or by issue prefix. */
export interface ImportWorld {
  ref: string;
}

export interface Case {
  name: string;
  method: "POST";
  path: (w: ImportWorld) => string;
}

export const cases: Case[] = [
  { name: "POST imports preview", method: "POST", path: (w) => `/api/companies/${w.ref}/imports/preview` },
  { name: "POST imports apply", method: "POST", path: (w) => `/api/companies/${w.ref}/imports/apply` },
];
