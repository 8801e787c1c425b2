import { strict as assert } from 'node:assert';
import { centreOn, fitView, nearestInDirection, zoomAt } from '../../../src/webview/navigation.utils';

describe('diagram navigation helpers', () => {
  const grid = [
    { id: 'a', x: 0, y: 0, width: 10, height: 10 },
    { id: 'b', x: 100, y: 0, width: 10, height: 10 },
    { id: 'c', x: 0, y: 100, width: 10, height: 10 },
    { id: 'd', x: 40, y: 30, width: 10, height: 10 },
  ];

  it('moves to the nearest box in the direction, preferring ones in line', () => {
    assert.equal(nearestInDirection(grid[0]!, grid, 'right')?.id, 'b');
    assert.equal(nearestInDirection(grid[0]!, grid, 'down')?.id, 'c', 'in line beats nearer but off to the side');
    assert.equal(nearestInDirection(grid[0]!, grid, 'left'), undefined);
    assert.equal(nearestInDirection(grid[3]!, grid, 'up')?.id, 'a');
  });

  it('zooms around the pointer and clamps the scale', () => {
    const zoomed = zoomAt({ scale: 1, x: 0, y: 0 }, 2, 100, 50);
    assert.deepEqual(zoomed, { scale: 2, x: -100, y: -50 });
    assert.equal(zoomAt({ scale: 3, x: 0, y: 0 }, 10, 0, 0).scale, 4);
  });

  it('fits a scene into the canvas without enlarging it, and centres a box', () => {
    assert.deepEqual(fitView(400, 200, 800, 600), { scale: 1, x: 200, y: 200 });
    assert.equal(fitView(4000, 1000, 800, 600).scale, (800 - 32) / 4000);
    assert.deepEqual(centreOn({ scale: 2, x: 0, y: 0 }, { id: 'x', x: 10, y: 10, width: 20, height: 20 }, 200, 100), {
      scale: 2,
      x: 60,
      y: 10,
    });
  });
});
