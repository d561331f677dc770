import { redirect } from "next/navigation";

// a company's address opens its dashboard, the page the sidebar lists first
export default async function CompanyHome({ params }: { params: Promise<{ prefix: string }> }) {
  redirect(`/${(await params).prefix}/dashboard`);
}
