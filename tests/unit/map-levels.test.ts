// docs/product-rules.md, Meetup map and Event detail: the map's Kakao-style levels and their
// Leaflet zooms (src/lib/map-levels.ts).
import { describe, expect, it } from 'vitest';
import {
  CLUSTER_CLICK_LEVELS,
  DEFAULT_CENTER,
  DEFAULT_LEVEL,
  DETAIL_LEVEL,
  DISABLE_CLUSTERING_AT_ZOOM,
  MAX_LEVEL,
  MAX_ZOOM,
  MIN_CLUSTER_LEVEL,
  MIN_LEVEL,
  MIN_ZOOM,
  levelAfterClusterClick,
  levelToZoom,
  zoomToLevel,
} from '@/lib/map-levels.ts';

describe('level <-> zoom', () => {
  it('maps the spec constants (zoom = 20 - level)', () => {
    expect(DEFAULT_LEVEL).toBe(8);
    expect(MIN_CLUSTER_LEVEL).toBe(8);
    expect(CLUSTER_CLICK_LEVELS).toBe(3);
    expect(DETAIL_LEVEL).toBe(3);
    expect(DEFAULT_CENTER).toEqual([37.556944, 126.923917]);
    expect(levelToZoom(DEFAULT_LEVEL)).toBe(12);
    expect(levelToZoom(DETAIL_LEVEL)).toBe(17);
    expect(levelToZoom(1)).toBe(19);
    expect(levelToZoom(14)).toBe(6);
  });

  it('is a round trip over every level', () => {
    for (let level = MIN_LEVEL; level <= MAX_LEVEL; level++) {
      expect(zoomToLevel(levelToZoom(level))).toBe(level);
    }
    for (let zoom = MIN_ZOOM; zoom <= MAX_ZOOM; zoom++) {
      expect(levelToZoom(zoomToLevel(zoom))).toBe(zoom);
    }
  });

  it('goes the other way: a higher level is further out', () => {
    expect(levelToZoom(9)).toBeLessThan(levelToZoom(8));
    expect(zoomToLevel(13)).toBeLessThan(zoomToLevel(12));
  });

  it('clamps and rounds what is out of range', () => {
    expect(levelToZoom(0)).toBe(19);
    expect(levelToZoom(-5)).toBe(19);
    expect(levelToZoom(20)).toBe(6);
    expect(levelToZoom(7.6)).toBe(12);
    expect(zoomToLevel(0)).toBe(14);
    expect(zoomToLevel(22)).toBe(1);
    expect(zoomToLevel(12.4)).toBe(8);
    expect(MIN_ZOOM).toBe(6);
    expect(MAX_ZOOM).toBe(19);
  });
});

describe('clustering', () => {
  it('clusters at level 8 and out, never from level 7 in', () => {
    // Leaflet.markercluster stops clustering at zooms >= disableClusteringAtZoom
    expect(DISABLE_CLUSTERING_AT_ZOOM).toBe(13);
    expect(zoomToLevel(DISABLE_CLUSTERING_AT_ZOOM)).toBe(MIN_CLUSTER_LEVEL - 1);
    expect(levelToZoom(MIN_CLUSTER_LEVEL)).toBeLessThan(DISABLE_CLUSTERING_AT_ZOOM);
  });

  it('zooms in 3 levels on a cluster click, stopping at level 1', () => {
    expect(levelAfterClusterClick(8)).toBe(5);
    expect(levelToZoom(levelAfterClusterClick(zoomToLevel(12)))).toBe(15);
    expect(levelAfterClusterClick(14)).toBe(11);
    expect(levelAfterClusterClick(3)).toBe(1);
    expect(levelAfterClusterClick(1)).toBe(1);
  });

  it('a cluster click from the default view shows every marker on its own', () => {
    expect(levelToZoom(levelAfterClusterClick(DEFAULT_LEVEL))).toBeGreaterThanOrEqual(
      DISABLE_CLUSTERING_AT_ZOOM,
    );
  });
});
