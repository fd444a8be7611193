import Foundation

package enum TMDBList: String, Sendable {
    case upcoming
    case nowPlaying = "now_playing"
}
