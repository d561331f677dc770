import { SignOutButton } from "@/components/shell/sign-out-button.client";

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length >= 2 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/** The signed-in user's name and email with the sign-out control. */
export function UserMenu({ name, email, isInstanceAdmin }: { name: string; email: string; isInstanceAdmin: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700" aria-hidden="true">
        {initials(name)}
      </span>
      <div className="min-w-0 flex-1 leading-tight">
        <p className="truncate text-sm font-medium text-slate-900" data-testid="user-name">{name}</p>
        <p className="truncate text-xs text-slate-500" title={email}>{isInstanceAdmin ? "Instance admin" : email}</p>
      </div>
      <SignOutButton />
    </div>
  );
}
