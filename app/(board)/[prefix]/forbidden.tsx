import { StatusPage } from "@/components/shell/status-page";
import { CompanyHomeLink } from "@/components/shell/company-home-link.client";

export default function CompanyForbidden() {
  return (
    <StatusPage code={403} title="You may not open this page" action={<CompanyHomeLink />}>
      Your role in this company does not allow it. A company owner or admin can change your role.
    </StatusPage>
  );
}
