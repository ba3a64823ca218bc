import gsap from 'gsap';
import { Container, Graphics } from 'pixi.js';
import { fitted } from '../art';
import { texture } from '../assets';
import { dispose } from '../dispose';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';

/** The attract loop's title: the logo large, a hen and a golden egg, no button (a touch anywhere leaves the loop). */
export class AttractTitleCard extends Container {
  private art: Container | null = null;
  private title = '';
  private topPrize = '';
  /** The hen's and the egg's endless tweens, killed with the pictures they move. */
  private tweens: gsap.core.Tween[] = [];

  setTitle(title: string, topPrize = ''): void {
    this.title = title;
    this.topPrize = topPrize;
  }

  resize(l: Layout): void {
    for (const t of this.tweens) t.kill();
    if (this.art) dispose(this.art);
    const a = new Container();
    const { width: w, height: h } = l.design;
    const wide = l.orientation === 'landscape';
    if (texture('logo')) {
      const logo = fitted('logo', w * (wide ? 0.62 : 0.86), h * (wide ? 0.46 : 0.3));
      logo.position.set(w / 2, h * (wide ? 0.4 : 0.23));
      a.addChild(logo);
    } else {
      const t = label(this.title, 110, 'title');
      t.position.set(w / 2, h * 0.4);
      fitWidth(t, w * 0.9);
      a.addChild(t);
    }
    if (this.topPrize !== '') {
      const prize = label(this.topPrize, wide ? 80 : 96, 'gold');
      prize.position.set(w / 2, h * (wide ? 0.72 : 0.41));
      fitWidth(prize, w * (wide ? 0.5 : 0.84));
      // A dark plate behind it, as on the title: it reads over the fence and the sky alike.
      const pw = prize.width + 70;
      const ph = prize.height + 16;
      const plate = new Graphics()
        .roundRect(w / 2 - pw / 2, prize.y - ph / 2, pw, ph, ph / 2)
        .fill({ color: 0x3a2410, alpha: 0.72 })
        .stroke({ width: 4, color: 0xf5c542, alpha: 0.9 });
      a.addChild(plate, prize);
    }
    // In portrait the hen and her egg large between the top prize and « Touchez pour jouer »: no band of empty grass.
    const hen = wide ? fitted('hen', 300, 300) : fitted('hen', 440, 440);
    hen.position.set(wide ? w * 0.16 : w * 0.3, wide ? h * 0.78 : h * 0.565);
    const egg = wide ? fitted('egg-gold', 170, 210) : fitted('egg-gold', 280, 350);
    egg.position.set(wide ? w * 0.84 : w * 0.74, wide ? h * 0.76 : h * 0.565);
    a.addChild(hen, egg);
    this.tweens = [
      gsap.to(egg, { y: egg.y - 20, duration: 1.1, yoyo: true, repeat: -1, ease: 'sine.inOut' }),
      gsap.to(hen, { rotation: 0.06, duration: 0.9, yoyo: true, repeat: -1, ease: 'sine.inOut' }),
    ];
    this.addChild(a);
    this.art = a;
  }
}
