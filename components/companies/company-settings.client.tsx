"use client";

import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CompanyDto } from "@/lib/dto/companies";
import { companyKeys, fetchCompany, updateCompany, uploadLogo, type CompanyPatch } from "@/lib/queries/companies";
import { activityKeys } from "@/lib/queries/activity";
import { centsToDollarsInput, dollarsToCents } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Field, Input, Select, Textarea } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { DollarInput } from "@/components/forms/dollar-input";
import { BudgetMeter } from "@/components/agents/budget-meter";
import { CompanyLogo } from "@/components/companies/company-logo";

interface Props {
  initialCompany: CompanyDto;
  canUpdate: boolean;
  canGovern: boolean;
}

/** Saves a PATCH, puts the answer in the cache and re-renders the server parts (the side bar). */
function useCompanyPatch(companyId: string) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CompanyPatch) => updateCompany(companyId, patch),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(companyId), company);
      void queryClient.invalidateQueries({ queryKey: companyKeys.list() });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) });
      router.refresh();
    },
  });
}

export function CompanySettings({ initialCompany, canUpdate, canGovern }: Props) {
  const { data: company } = useQuery({
    queryKey: companyKeys.detail(initialCompany.id),
    queryFn: () => fetchCompany(initialCompany.id),
    initialData: initialCompany,
  });
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <ProfileCard company={company} readOnly={!canUpdate} />
        <GovernanceCard company={company} readOnly={!canGovern} />
      </div>
      <div className="space-y-6">
        <LogoCard company={company} readOnly={!canUpdate} />
        <Card>
          <CardHeader title="Issue prefix" />
          <CardBody className="space-y-2">
            <p className="inline-flex rounded-md bg-slate-100 px-2.5 py-1 font-mono text-lg font-semibold tracking-wider text-slate-800" data-testid="issue-prefix">{company.issuePrefix}</p>
            <p className="text-sm text-slate-500">
              Issue identifiers ({company.issuePrefix}-1, {company.issuePrefix}-2…) and this company&apos;s URLs use it, so it never changes.
            </p>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const expandHex = (hex: string) => (hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex).toLowerCase();

function ProfileCard({ company, readOnly }: { company: CompanyDto; readOnly: boolean }) {
  const patch = useCompanyPatch(company.id);
  const [color, setColor] = useState(company.brandColor ?? "");
  const [saved, setSaved] = useState(false);
  const colorValid = color === "" || HEX.test(color);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!colorValid) return;
    const form = new FormData(e.currentTarget);
    const next: CompanyPatch = {};
    const name = String(form.get("name")).trim();
    const description = String(form.get("description") ?? "");
    const brandColor = color === "" ? null : expandHex(color);
    if (name !== company.name) next.name = name;
    if (description !== company.description) next.description = description;
    if (brandColor !== company.brandColor) next.brandColor = brandColor;
    if (Object.keys(next).length === 0) return setSaved(true);
    patch.mutate(next, { onSuccess: () => setSaved(true) });
  }

  const err = patch.error;
  return (
    <Card>
      <CardHeader title="Profile" description={readOnly ? "Only company admins can change these." : "Shown across the board and to the CEO agent."} />
      <CardBody>
        <form onSubmit={onSubmit} onChange={() => setSaved(false)} className="space-y-4" aria-label="Company profile">
          <ApiErrorAlert error={err} fields={["name", "description", "brandColor"]} />
          <fieldset disabled={readOnly} className="space-y-4">
            <Field label="Name" htmlFor="settings-name" errors={fieldErrors(err, "name")}>
              <Input id="settings-name" name="name" defaultValue={company.name} required maxLength={120} />
            </Field>
            <Field label="Description" htmlFor="settings-description" errors={fieldErrors(err, "description")}>
              <Textarea id="settings-description" name="description" defaultValue={company.description} rows={4} maxLength={10000} />
            </Field>
            <Field
              label="Brand colour" htmlFor="settings-color"
              hint="Used for the company's initials when it has no logo, and to mark its card."
              errors={!colorValid ? ["Use a hex colour such as #1f6feb"] : fieldErrors(err, "brandColor")}
            >
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Colour picker"
                  value={HEX.test(color) ? expandHex(color) : "#4f46e5"}
                  onChange={(e) => { setColor(e.target.value); setSaved(false); }}
                  className="h-9 w-12 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
                />
                <div className="w-32">
                  <Input
                    id="settings-color" value={color} onChange={(e) => setColor(e.target.value.trim())} placeholder="#4f46e5"
                    maxLength={7} className="font-mono" aria-invalid={!colorValid || undefined}
                  />
                </div>
                {color !== "" && (
                  <Button size="sm" variant="ghost" onClick={() => { setColor(""); setSaved(false); }}>Clear</Button>
                )}
              </div>
            </Field>
          </fieldset>
          {!readOnly && (
            <div className="flex items-center justify-end gap-3">
              {saved && !patch.isPending && <span className="text-sm text-emerald-700" role="status">Saved</span>}
              <Button type="submit" variant="primary" pending={patch.isPending} disabled={!colorValid}>Save profile</Button>
            </div>
          )}
        </form>
      </CardBody>
    </Card>
  );
}

function LogoCard({ company, readOnly }: { company: CompanyDto; readOnly: boolean }) {
  const patch = useCompanyPatch(company.id);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: async (f: File) => {
      const { assetId } = await uploadLogo(company.id, f);
      return patch.mutateAsync({ logoAssetId: assetId });
    },
    onSuccess: () => {
      setFile(null);
      if (input.current) input.current.value = "";
    },
  });
  const tooBig = file !== null && file.size > 2 * 1024 * 1024;
  return (
    <Card>
      <CardHeader title="Logo" />
      <CardBody className="space-y-4">
        <div className="flex items-center gap-4">
          <CompanyLogo name={company.name} logoUrl={company.logoUrl} brandColor={company.brandColor} size="lg" />
          <p className="text-sm text-slate-500">{company.logoUrl ? "The current logo." : "No logo yet: the initials on the brand colour stand in."}</p>
        </div>
        {!readOnly && (
          <form
            aria-label="Upload logo"
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (file && !tooBig) upload.mutate(file);
            }}
          >
            <input
              ref={input}
              type="file"
              name="file"
              aria-label="Logo image"
              aria-describedby="logo-file-hint"
              accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
              onChange={(e) => { upload.reset(); setFile(e.target.files?.[0] ?? null); }}
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
            />
            <p id="logo-file-hint" className="text-xs text-slate-500">PNG, JPEG, WebP, GIF or SVG, up to 2 MiB. Square images look best.</p>
            {tooBig && <p className="text-xs text-red-600">This file is larger than 2 MiB.</p>}
            <ApiErrorAlert error={upload.error ?? patch.error} />
            <div className="flex justify-end gap-2">
              {company.logoUrl && (
                <Button variant="ghost" onClick={() => patch.mutate({ logoAssetId: null })} disabled={upload.isPending} pending={patch.isPending && !upload.isPending}>
                  Remove logo
                </Button>
              )}
              <Button type="submit" variant="primary" disabled={!file || tooBig} pending={upload.isPending}>Upload</Button>
            </div>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

function GovernanceCard({ company, readOnly }: { company: CompanyDto; readOnly: boolean }) {
  const patch = useCompanyPatch(company.id);
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const cents = dollarsToCents(String(form.get("budget") ?? ""));
    if (cents === null) return setBudgetError("Enter an amount in dollars, such as 500 or 49.99");
    setBudgetError(null);
    const next: CompanyPatch = {};
    const requireApproval = form.get("requireApproval") === "on";
    const status = String(form.get("status")) as CompanyDto["status"];
    if (cents !== company.budgetMonthlyCents) next.budgetMonthlyCents = cents;
    if (requireApproval !== company.requireBoardApprovalForNewAgents) next.requireBoardApprovalForNewAgents = requireApproval;
    if (status !== company.status) next.status = status;
    if (Object.keys(next).length === 0) return setSaved(true);
    patch.mutate(next, { onSuccess: () => setSaved(true) });
  }

  const err = patch.error;
  return (
    <Card>
      <CardHeader title="Governance" description={readOnly ? "Only company admins can change these." : "Budget and the board's approval rules."} />
      <CardBody className="space-y-6">
        <BudgetMeter spent={company.spentMonthlyCents} budget={company.budgetMonthlyCents} subject="company" />
        <form key={company.updatedAt} onSubmit={onSubmit} onChange={() => setSaved(false)} className="space-y-4 border-t border-slate-100 pt-5" aria-label="Governance">
          <ApiErrorAlert error={err} fields={["budgetMonthlyCents", "status"]} />
          <fieldset disabled={readOnly} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Monthly budget" htmlFor="settings-budget" hint="For all agents together; 0 means no limit." errors={budgetError ? [budgetError] : fieldErrors(err, "budgetMonthlyCents")}>
                <DollarInput id="settings-budget" name="budget" defaultValue={centsToDollarsInput(company.budgetMonthlyCents)} />
              </Field>
              <Field label="Status" htmlFor="settings-status" hint="Paused or archived skips every wake; the Pause card below keeps them for later." errors={fieldErrors(err, "status")}>
                <Select id="settings-status" name="status" defaultValue={company.status}>
                  <option value="active">Active</option>
                  <option value="paused">Paused</option>
                  <option value="archived">Archived</option>
                </Select>
              </Field>
            </div>
            <Checkbox
              name="requireApproval"
              defaultChecked={company.requireBoardApprovalForNewAgents}
              label="Require board approval for new agents"
              hint="Hires requested by the CEO or managers wait as pending until a board member approves them."
            />
          </fieldset>
          {!readOnly && (
            <div className="flex items-center justify-end gap-3">
              {saved && !patch.isPending && <span className="text-sm text-emerald-700" role="status">Saved</span>}
              <Button type="submit" variant="primary" pending={patch.isPending}>Save governance</Button>
            </div>
          )}
        </form>
      </CardBody>
    </Card>
  );
}
