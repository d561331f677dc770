// Runs in <head> before the first paint: resolves the user's preference ("system" follows the
// browser's prefers-color-scheme, live) into data-theme on <html>, so no page flashes the wrong theme.
// `also` runs after each resolution, with `root` and `dark` in scope.
const resolver = (also = "") => `(() => {
  const root = document.documentElement;
  const media = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    const pref = root.dataset.themePref;
    const dark = pref === "dark" || (pref !== "light" && media.matches);
    root.dataset.theme = dark ? "dark" : "light";${also}
  };
  apply();
  media.addEventListener("change", apply);
})();`;

/** The API reference's (a page outside the board's app): Swagger UI darkens under `html.dark-mode`. */
export const docsThemeScript = resolver(`\n    root.classList.toggle("dark-mode", dark);`);

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: resolver() }} />;
}
