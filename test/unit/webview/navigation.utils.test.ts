import { strict as assert } from 'node:assert';
import {
  centreOn,
  fitView,
  nearestInDirection,
  openingView,
  readableScale,
  sidesOutOfSight,
  zoomAt,
} from '../../../src/webview/navigation.utils';

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

  describe('the view a drawing opens at', () => {
    const hub = { id: 'kube-apiserver', x: 600, y: 200, width: 160, height: 40 };

    it('is the whole drawing when it can be read whole', () => {
      assert.deepEqual(openingView(900, 500, 1200, 800, hub), fitView(900, 500, 1200, 800));
      assert.equal(openingView(1000, 500, 850, 800, hub).scale, fitView(1000, 500, 850, 800).scale, 'fits at 0.82: whole');
    });

    it('is readable with its top left in sight when the whole would be too small to read', () => {
      // Five nodes in a ~700 px editor: the fit would draw 12 px names at about 6 px.
      const view = openingView(1390, 900, 700, 630, hub);
      assert.ok(fitView(1390, 900, 700, 630).scale < 0.5);
      assert.equal(view.scale, readableScale);
      assert.deepEqual([view.x, view.y], [16, 16], 'the title first, kube-apiserver still in sight');
    });

    it('centres the hub across when the top left would leave it out of sight, with no empty margin beside the drawing', () => {
      const farHub = { ...hub, x: 1000 };
      const centred = openingView(1800, 900, 700, 630, farHub);
      assert.equal(centred.x + (farHub.x + farHub.width / 2) * centred.scale, 350, 'kube-apiserver at the middle');
      const nearRight = openingView(1390, 900, 700, 630, { ...hub, x: 1300 });
      assert.equal(nearRight.x + 1390 * nearRight.scale, 700 - 16, 'the right edge, not beyond it');
      assert.equal(openingView(1390, 900, 700, 630).x, 16, 'no hub: the left');
    });

    it('says which sides the drawing goes on beyond', () => {
      const view = openingView(1390, 900, 700, 630, hub);
      assert.deepEqual(sidesOutOfSight(view, 1390, 900, 700, 630), ['right', 'down']);
      assert.deepEqual(sidesOutOfSight(openingView(1800, 900, 700, 630, { ...hub, x: 1000 }), 1800, 900, 700, 630), [
        'left',
        'right',
        'down',
      ]);
      assert.deepEqual(sidesOutOfSight(fitView(1390, 900, 700, 630), 1390, 900, 700, 630), []);
    });
  });
});
