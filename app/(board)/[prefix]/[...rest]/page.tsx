import { notFound } from "next/navigation";

// Any path inside a company that no page serves: a 404 rendered inside the company's layout, so the
// sidebar stays (unmatched paths otherwise get the root not-found page, outside every layout).
export default function UnknownCompanyPage() {
  notFound();
}
