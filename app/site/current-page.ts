import { useLocation } from "react-router";
import { pageByPath, type PageEntry } from "./pages";

/** The page-table entry of the current URL (templates shared by several pages look themselves up by it). */
export function useCurrentPage(): PageEntry {
  const { pathname } = useLocation();
  const page = pageByPath(normalizePath(pathname));
  if (!page) throw new Response("Not Found", { status: 404 });
  return page;
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
