import { redirect } from "next/navigation";

/** /<prefix>/board is the issues page's board view. */
export default async function BoardRedirect({ params }: { params: Promise<{ prefix: string }> }) {
  redirect(`/${(await params).prefix}/issues?view=board`);
}
