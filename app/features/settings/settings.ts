// The settings feature's public browser file: what other features' pages use of it (docs/decisions/046).
export { SettingsSubpage } from "./components/settings-subpage";
