/** Abstract cover images drawn for the tests (no real artwork is stored): a gradient, circles and a band. */
import { createCanvas } from '@napi-rs/canvas';

const PALETTES = [
  ['#3b4cca', '#ff8fb8'],
  ['#0f766e', '#fde68a'],
  ['#7c2d12', '#fb923c'],
  ['#1e1b4b', '#a78bfa'],
  ['#831843', '#f9a8d4'],
] as const;

export async function coverArt(index: number, width = 300, height = 420): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const [from, to] = PALETTES[index % PALETTES.length] ?? PALETTES[0];
  const fill = ctx.createLinearGradient(0, 0, width, height);
  fill.addColorStop(0, from);
  fill.addColorStop(1, to);
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 7; i++) {
    ctx.beginPath();
    ctx.arc(
      ((i * 97 + index * 53) % width) + 10,
      ((i * 151 + index * 31) % height) + 10,
      18 + ((i * 23) % 60),
      0,
      Math.PI * 2,
    );
    ctx.fillStyle = `rgba(255, 255, 255, ${0.08 + (i % 3) * 0.06})`;
    ctx.fill();
  }
  ctx.fillStyle = 'rgba(0, 0, 0, 0.25)';
  ctx.fillRect(0, height * 0.72, width, height * 0.1);
  return canvas.encode('png');
}
