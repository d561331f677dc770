// No page below this segment can be "not found", so a loading boundary cannot hide a 404 here.
export { PageSkeleton as default } from "@/components/shell/page-skeleton";
