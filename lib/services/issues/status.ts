// The status machine lives in lib/issue-status.ts (pure, so the board's controls use the same table).
export { checkoutSources, initialStatuses, isLegalMove, isTerminal, issueStatuses, terminalStatuses } from "@/lib/issue-status";
