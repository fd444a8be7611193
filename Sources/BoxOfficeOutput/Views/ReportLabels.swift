import BoxOfficeModel

/// The words of the report documents (`report.md`, `report.html`, `report.txt`), in English and
/// Korean side by side: their one home. A template writes `{{{l.NAME}}}`, unescaped, as these are
/// the report's own words (an apostrophe stays an apostrophe in HTML, `#1` stays `#1` in Markdown);
/// values stay escaped. The highlights' sentences are in ``HighlightView/sentence(_:_:words:brief:)``,
/// the notes in ``Words/note(_:)``.
package enum ReportLabels {
    static let table: [(name: String, en: String, ko: String)] = [
        ("lang", "en", "ko"),
        ("source", "Source:", "출처:"),
        ("ranked_before", "films ranked by ", ""),
        ("ranked_after", "", " 순위"),
        ("filtered_before", "; filtered to ", ", "),
        ("filtered_after", "", "만"),
        ("highlights", "Highlights", "주요 소식"),
        ("records", "More records", "그 밖의 기록"),
        // Box Office Mojo's %± LW; Korean news says 전주 대비.
        ("lw", "%± LW", "전주 대비"),
        ("your_films", "Your films", "관심 영화"),
        ("standing", "Standing", "순위"),
        ("cumulative_total", "Cumulative", "누적 관객"),
        ("break_even", "Break-even", "손익분기점"),
        ("watched_marker", "◆ on your watchlist", "◆ 관심 영화"),
        ("revised", "Revised by KOBIS since the last run", "지난 실행 이후 KOBIS가 수정한 수치"),
        ("summary", "Summary", "요약"),
        ("films_on_chart", "Films on the chart", "순위에 든 영화"),
        ("korean_share", "Korean films' share of audience", "한국 영화 관객 점유율"),
        ("foreign_share", "Foreign films' share of audience", "외국 영화 관객 점유율"),
        ("korean_foreign_share", "Korean / foreign share of audience", "한국 / 외국 영화 관객 점유율"),
        ("korean", "Korean", "한국"),
        ("foreign", "foreign", "외국"),
        ("without_movie_info", "Films without KOBIS movie info", "KOBIS 영화 정보가 없는 영화"),
        ("of_audience_before", "", "관객의 "),
        ("of_audience_after", " of audience", ""),
        ("new_entries", "New entries", "새로 진입"),
        ("re_entries", "Re-entries", "재진입"),
        ("market_sales", "Whole market's sales", "전체 시장 매출"),
        ("whole_market", "whole market", "전체 시장"),
        ("estimate", "estimate", "추정"),
        ("estimate_charted", "estimate; charted", "추정, 순위권"),
        ("charted_films", "charted films", "순위권 영화"),
        ("charted_share_of_market", "Charted films' share of it", "그중 순위권 영화 비중"),
        ("market_audience", "Whole market's admissions", "전체 시장 관객 수"),
        ("top_share_before", "The #1 film held ", "1위 영화가 순위권 영화 상영 횟수의 "),
        ("top_share_after", " of the charted films' showings.", "를 차지했습니다."),
        ("top_share_caption", "#1's share of charted showings", "1위 상영 점유율"),
        ("average_ticket", "Average ticket price (charted films)", "평균 관람 요금 (순위권 영화)"),
        ("charted_took", "; the charted films took", ", 그중 순위권 영화"),
        ("empty_days", "Days with an empty chart", "순위가 빈 날"),
        ("vs_last_year", "Against the same dates a year earlier", "1년 전 같은 날짜 대비"),
        ("vs_weeks_earlier", "Against 52 weeks earlier", "52주 전 대비"),
        ("year_earlier", "A year earlier", "1년 전 같은 날짜"),
        ("vs_year_earlier", "vs. a year earlier", "1년 전 대비"),
        ("holiday_year_earlier", "The same holiday a year earlier", "작년 같은 공휴일"),
        ("vs_holiday_year_earlier", "vs. the same holiday a year earlier", "작년 같은 공휴일 대비"),
        ("year_to_date", "Charted audience this year", "올해 순위권 관객 누적"),
        ("against_last_year", "against last year's same span", "작년 같은 기간 대비"),
        ("top_films", "Top films over the range", "기간 상위 영화"),
        ("films", "Films", "영화"),
        ("film", "Film", "영화"),
        ("film_count", "Films", "영화 수"),
        ("poster", "Poster", "포스터"),
        ("opened", "Opened", "개봉일"),
        ("best", "Best", "최고 순위"),
        ("audience", "Audience", "관객 수"),
        ("audience_caption", "Audience", "관객"),
        ("audience_lc", "audience", "관객"),
        ("people", "", "명"),
        ("charted_audience", "Charted audience", "순위권 관객"),
        ("with_off_chart", "With off-chart days", "순위 밖 포함"),
        ("sales", "Sales", "매출"),
        ("sales_lc", "sales", "매출"),
        ("share", "Share", "점유율"),
        ("per_screen", "Per screen", "스크린당"),
        ("per_showing", "Per showing", "회당 관객"),
        ("ticket_price", "Avg. ticket", "평균 요금"),
        ("distributor", "Distributor", "배급사"),
        ("tmdb_rating", "TMDB rating", "TMDB 평점"),
        ("votes", " votes", "표"),
        ("likely_match", ", likely match", ", 추정 일치"),
        ("runs", "Runs", "흥행 기록"),
        (
            "runs_intro",
            "Each film's run as far as the charts at hand show it: days in release on its last chart day (the open date is day 1), its opening day and weekend (Friday to Sunday of the opening week, previews left out), its best day in the range, days at #1 in the range and its latest run at #1 (counted back beyond the range, ≥ where the look-back stopped), and the admissions milestones it passed.",
            "가진 순위로 본 영화별 흥행: 마지막 순위일 기준 개봉 일수(개봉일이 1일째), 개봉일과 개봉 주말(개봉 주의 금–일, 시사 제외), 기간 중 최고 흥행일, 기간 중 1위 일수와 최근 1위 연속 기록(기간 이전까지 거슬러 셈, 거슬러 보기가 멈춘 곳이면 ≥), 넘어선 누적 관객 기록."
        ),
        ("in_release", "In release", "개봉 일수"),
        ("opening_day", "Opening day", "개봉일"),
        ("opening_weekend", "Opening weekend", "개봉 주말"),
        ("best_day", "Best day", "최고 흥행일"),
        ("at_one", "At #1", "1위 일수"),
        ("run_at_one", "Run at #1", "1위 연속"),
        ("milestones", "Milestones", "누적 기록"),
        ("no_films", "No film was on the chart in this range.", "이 기간 순위에 든 영화가 없습니다."),
        ("no_films_brief", "No film was on the chart.", "순위에 든 영화가 없습니다."),
        ("top_distributors", "Top distributors", "배급사 순위"),
        (
            "distributors_note", "By KOBIS company code; a film several companies distribute counts in full for each, as KOFIC counts it.",
            "KOBIS 회사 코드 기준이며, 공동 배급 영화는 영진위 방식대로 배급사마다 전부 집계합니다."
        ),
        ("date", "Date", "날짜"),
        ("entered_at", "Entered at", "진입 순위"),
        ("coming_soon", "Coming soon in Korea", "한국 개봉 예정"),
        ("upcoming_intro", "From TMDB's upcoming list for Korea, leaving out films already on the chart.", "TMDB의 한국 개봉 예정작 목록에서 이미 순위에 든 영화를 뺐습니다."),
        ("no_upcoming", "TMDB lists no upcoming film for Korea beyond those already on the chart.", "TMDB에는 이미 순위에 든 영화 말고는 한국 개봉 예정작이 없습니다."),
        ("release", "Release", "개봉일"),
        ("original_title", "Original title", "원제"),
        ("provisional", "provisional", "잠정치"),
        ("no_chart_date", "No chart for this date.", "이 날짜의 순위가 없습니다."),
        ("exact_before", "Exact through rank ", ""),
        (
            "exact_after", "; a rank marked * is past it, where a film outside every partition could rank higher.",
            "위까지 정확하며, *가 붙은 순위는 그 아래라 어느 부분 차트에도 없는 영화가 더 높을 수 있습니다."
        ),
        ("exact_caption_before", "exact through rank ", ""),
        ("exact_caption_after", " (* past it)", "위까지 정확 (*는 그 아래)"),
        ("vs_day_before", "vs. day before", "전일 대비"),
        ("screens", "Screens", "스크린"),
        ("since_opening", "Since opening", "개봉 후"),
        ("from", "From", "구분"),
        ("charts", "Charts", "순위"),
        ("no_chart_period", "No chart for this period.", "이 기간의 순위가 없습니다."),
        ("regions", "By region", "지역별"),
        ("region", "Region", "지역"),
        // Short, for phones: the notes say what each is (``ReportNote/regionalCharts``).
        ("region_audience", "Top 10", "10위 관객"),
        ("share_of_nation", "Of nation", "전국 대비"),
        ("top_there", "#1 there", "지역 1위"),
        ("its_share", "Its share", "1위 비중"),
        ("period_totals", "the charted films' period totals", "순위권 영화의 기간 합계"),
        ("against_period_before", "; against the period before:", ", 직전 기간 대비"),
        ("vs_period_before", "vs. the period before:", "직전 기간 대비"),
        ("vs_week_before", "vs. week before", "전주 대비"),
        ("showings", "Showings", "상영 횟수"),
        ("cumulative_audience", "Cumulative audience", "누적 관객"),
        ("weekly_summary", "Weekly summary", "주별 요약"),
        ("week", "Week", "주"),
        ("top_film", "Top film", "1위 영화"),
        ("its_audience", "Its audience", "그 관객 수"),
        ("generated_before", "Generated by boxoffice from ", "boxoffice가 "),
        ("generated_after", ".", "에서 만들었습니다."),
        (
            "posters_note",
            "Posters are loaded from image.tmdb.org when this page is opened (boxoffice --no-posters makes a page that loads nothing); offline they show as grey cards.",
            "포스터는 이 페이지를 열 때 image.tmdb.org에서 불러옵니다 (boxoffice --no-posters로 만들면 아무것도 불러오지 않습니다). 오프라인에서는 회색 카드로 보입니다."
        ),
        (
            "tmdb_note",
            "Film links, posters, ratings and keywords from TMDB; this product uses the TMDB API but is not endorsed or certified by TMDB.",
            "영화 링크, 포스터, 평점, 키워드는 TMDB에서 가져왔습니다. 이 제품은 TMDB API를 사용하지만 TMDB의 보증이나 인증을 받지 않았습니다."
        ),
    ]

    /// The labels of what every page's HTML shares, whichever table is its own: the "Show every
    /// column" box of the stylesheet's width tiers (`html-style`).
    static let shared: [(name: String, en: String, ko: String)] = [
        ("every_column", "Show every column", "모든 열 보기")
    ]

    static let english = column(of: table, .en)
    static let korean = column(of: table, .ko)

    /// The labels of one language, as the templates' `l`.
    static func labels(_ language: ReportLanguage) -> [String: String] {
        switch language {
        case .en: english
        case .ko: korean
        }
    }

    /// One language's column of a label table (this one, a film page's, a ranking's) and of the
    /// ``shared`` labels, by name.
    static func column(of table: [(name: String, en: String, ko: String)], _ language: ReportLanguage) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: (table + shared).map { label in
                switch language {
                case .en: (label.name, label.en)
                case .ko: (label.name, label.ko)
                }
            })
    }
}
