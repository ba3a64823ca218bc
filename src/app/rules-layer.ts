import type { FocusRing } from '../scene/focus';
import type { RulesPanel } from '../scene/views/rules-panel';
import type { I18n } from './i18n';
import type { AppNavigation } from './navigation';
import { rulesContent } from './words';

/** The rules over any screen: opened by « ? » or Escape, closed by its button, by Escape, or when a ticket comes. */
export class RulesLayer {
  constructor(
    readonly panel: RulesPanel,
    private readonly i18n: I18n,
    private readonly nav: AppNavigation,
    private readonly focus: FocusRing,
  ) {}

  toggle(): void {
    if (this.panel.visible) {
      this.close();
      return;
    }
    void this.panel.show(rulesContent(this.i18n));
    this.focus.clear();
    this.nav.changed();
  }

  /** Closes the rules (if open); the focus ring starts again from the screen's first target. */
  close(): void {
    const was = this.panel.visible;
    this.panel.hide();
    this.focus.clear();
    if (was) this.nav.changed();
  }
}
