import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { StatusPage } from "@/components/shell/status-page";

export default function NotFound() {
  return (
    <StatusPage code={404} title="This page does not exist" action={<Link href="/companies" className={buttonClasses("secondary")}>Back to your companies</Link>}>
      The company, agent or page you asked for is not here, or it belongs to a company you are not a member of.
    </StatusPage>
  );
}
