import ui from "../office-page.module.css";
import styles from "./BarRows.module.css";

/** One series of bars (collected, refunded …): its name in the legend and the table's head. */
export type BarSeries = { name: string; tone: "teal" | "red" | "blue" };

/** One row of bars: its label, and per series the value (for the bar's length) and its text. */
export type BarRow = {
  key: string;
  label: string;
  values: { value: number; text: string }[];
};

/**
 * A chart of horizontal bars, drawn on the server (SVG bars, no script), readable on a phone: each
 * row's label and figures are text beside its bars. Screen readers skip the drawing and read the
 * same figures from a table; the caption names both.
 */
export function BarRows({
  caption,
  labelHeading,
  series,
  rows,
  empty,
}: {
  caption: string;
  labelHeading: string;
  series: BarSeries[];
  rows: BarRow[];
  empty: string;
}) {
  const max = Math.max(
    0,
    ...rows.flatMap((row) => row.values.map((value) => value.value)),
  );
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>{caption}</figcaption>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          {series.length > 1 && (
            <ul className={styles.legend} aria-hidden="true">
              {series.map((one) => (
                <li key={one.name}>
                  <svg
                    viewBox="0 0 10 10"
                    className={styles.swatch}
                    focusable="false"
                  >
                    <rect width="10" height="10" className={styles[one.tone]} />
                  </svg>
                  {one.name}
                </li>
              ))}
            </ul>
          )}
          <div className={styles.rows} aria-hidden="true">
            {rows.map((row) => (
              <div key={row.key} className={styles.row}>
                <span className={styles.label}>{row.label}</span>
                <span className={styles.bars}>
                  {row.values.map((value, index) => (
                    <span key={series[index].name} className={styles.bar}>
                      <svg
                        viewBox="0 0 100 10"
                        preserveAspectRatio="none"
                        className={styles.track}
                        focusable="false"
                      >
                        {/* A value above nothing still shows a sliver, so it is not read as zero. */}
                        <rect
                          width={
                            max > 0 && value.value > 0
                              ? Math.max(1, (value.value / max) * 100)
                              : 0
                          }
                          height="10"
                          className={styles[series[index].tone]}
                        />
                      </svg>
                      <span className={styles.value}>{value.text}</span>
                    </span>
                  ))}
                </span>
              </div>
            ))}
          </div>
          {/* A table sizes to its cells: the box around it keeps it to a pixel. */}
          <div className={ui.visuallyHidden}>
            <table>
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeading}</th>
                  {series.map((one) => (
                    <th key={one.name} scope="col">
                      {one.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    {row.values.map((value, index) => (
                      <td key={series[index].name}>{value.text}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
