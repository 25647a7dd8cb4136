/**
 * The snow layer: one fixed canvas that ignores the pointer, a few dozen flakes drawn per animation frame.
 * It stops drawing while the tab is hidden (requestAnimationFrame pauses, and we drop the loop explicitly so no
 * timer is left either) and scales its flake count to the screen, so phones draw fewer.
 */
export interface Snow {
  stop(): void;
}

interface Flake {
  x: number;
  y: number;
  r: number;
  speed: number;
  drift: number;
  phase: number;
}

export function startSnow(): Snow {
  const canvas = document.createElement('canvas');
  canvas.className = 'snow-layer';
  canvas.dataset.testid = 'snow';
  canvas.setAttribute('aria-hidden', 'true');
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  // White flakes vanish on the light page: there they are a soft blue-grey. No CSS filter: it would cost a
  // full-screen pass every frame.
  const dark = matchMedia('(prefers-color-scheme: dark)');
  let flakes: Flake[] = [];
  let frame = 0;
  let last = 0;
  // The canvas' own box: the viewport without its scrollbar.
  let width = 0;
  let height = 0;

  const resize = () => {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    width = canvas.clientWidth || innerWidth;
    height = canvas.clientHeight || innerHeight;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
    const count = Math.round(Math.min(120, (width * height) / 12_000));
    flakes = Array.from({ length: count }, () => ({
      x: Math.random() * width,
      y: Math.random() * height,
      r: 1 + Math.random() * 2.5,
      speed: 20 + Math.random() * 40,
      drift: 10 + Math.random() * 20,
      phase: Math.random() * Math.PI * 2,
    }));
  };

  const draw = (time: number) => {
    const dt = last ? Math.min((time - last) / 1000, 0.1) : 0;
    last = time;
    if (ctx) {
      ctx.clearRect(0, 0, width, height);
      ctx.fillStyle = dark.matches ? 'rgba(255, 255, 255, 0.85)' : 'rgba(150, 180, 220, 0.85)';
      ctx.beginPath();
      for (const f of flakes) {
        f.y += f.speed * dt;
        f.phase += dt;
        const x = f.x + Math.sin(f.phase) * f.drift;
        if (f.y > height + 5) {
          f.y = -5;
          f.x = Math.random() * width;
        }
        ctx.moveTo(x + f.r, f.y);
        ctx.arc(x, f.y, f.r, 0, Math.PI * 2);
      }
      ctx.fill();
    }
    frame = requestAnimationFrame(draw);
  };

  const onVisibility = () => {
    cancelAnimationFrame(frame);
    frame = 0;
    last = 0;
    if (!document.hidden) frame = requestAnimationFrame(draw);
  };

  resize();
  addEventListener('resize', resize);
  document.addEventListener('visibilitychange', onVisibility);
  onVisibility();

  return {
    stop() {
      cancelAnimationFrame(frame);
      removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      canvas.remove();
    },
  };
}
