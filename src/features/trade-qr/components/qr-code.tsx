import { useMemo } from 'react';
import encodeQR from 'qr';
import styles from './trade-qr.module.css';

/**
 * One QR code as an SVG path (crisp at any size): error correction M and a 4-module quiet zone,
 * drawn black on white whatever the theme, since scanners need the contrast.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const rows = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
    let d = '';
    rows.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x++;
          continue;
        }
        let end = x;
        while (end < row.length && row[end]) end++;
        d += `M${x} ${y}h${end - x}v1h${x - end}z`;
        x = end;
      }
    });
    return { size: rows.length, path: d };
  }, [text]);
  return (
    <svg
      className={styles.code}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="trade-qr-code"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
