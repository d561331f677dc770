// Inside a company's layout: a missing issue, agent, run… or an unknown page of the company answers
// 404 with the company's sidebar still there (a company that is not found, or not the user's, is the
// root not-found page: its layout throws before this boundary exists).
import { StatusPage } from "@/components/shell/status-page";
import { CompanyHomeLink } from "@/components/shell/company-home-link.client";

export default function CompanyNotFound() {
  return (
    <StatusPage code={404} title="This page does not exist" action={<CompanyHomeLink />}>
      The issue, agent or page you asked for is not in this company: it may have been removed, or the link is mistyped.
    </StatusPage>
  );
}
