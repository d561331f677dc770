import { redirect } from "next/navigation";

export default async function CompanyHome({ params }: { params: Promise<{ prefix: string }> }) {
  redirect(`/${(await params).prefix}/agents`);
}
