// Runs in <head> before the first paint: resolves the user's preference ("system" follows the
// browser's prefers-color-scheme, live) into data-theme on <html>, so no page flashes the wrong theme.
const source = `(() => {
  const root = document.documentElement;
  const media = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    const pref = root.dataset.themePref;
    root.dataset.theme = pref === "dark" || (pref !== "light" && media.matches) ? "dark" : "light";
  };
  apply();
  media.addEventListener("change", apply);
})();`;

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: source }} />;
}
